// Package server is a sample long enough to pass a read tool's line cap.
package server

import "net/http"

// handle0 serves item 0.
func handle0(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 0, "item-0")
}

// handle1 serves item 1.
func handle1(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 1, "item-1")
}

// handle2 serves item 2.
func handle2(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 2, "item-2")
}

// handle3 serves item 3.
func handle3(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 3, "item-3")
}

// handle4 serves item 4.
func handle4(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 4, "item-4")
}

// handle5 serves item 5.
func handle5(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 5, "item-5")
}

// handle6 serves item 6.
func handle6(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 6, "item-6")
}

// handle7 serves item 7.
func handle7(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 7, "item-7")
}

// handle8 serves item 8.
func handle8(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 8, "item-8")
}

// handle9 serves item 9.
func handle9(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 9, "item-9")
}

// handle10 serves item 10.
func handle10(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 10, "item-10")
}

// handle11 serves item 11.
func handle11(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 11, "item-11")
}

// handle12 serves item 12.
func handle12(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 12, "item-12")
}

// handle13 serves item 13.
func handle13(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 13, "item-13")
}

// handle14 serves item 14.
func handle14(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 14, "item-14")
}

// handle15 serves item 15.
func handle15(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 15, "item-15")
}

// handle16 serves item 16.
func handle16(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 16, "item-16")
}

// handle17 serves item 17.
func handle17(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 17, "item-17")
}

// handle18 serves item 18.
func handle18(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 18, "item-18")
}

// handle19 serves item 19.
func handle19(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 19, "item-19")
}

// handle20 serves item 20.
func handle20(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 20, "item-20")
}

// handle21 serves item 21.
func handle21(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 21, "item-21")
}

// handle22 serves item 22.
func handle22(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 22, "item-22")
}

// handle23 serves item 23.
func handle23(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 23, "item-23")
}

// handle24 serves item 24.
func handle24(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 24, "item-24")
}

// handle25 serves item 25.
func handle25(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 25, "item-25")
}

// handle26 serves item 26.
func handle26(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 26, "item-26")
}

// handle27 serves item 27.
func handle27(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 27, "item-27")
}

// handle28 serves item 28.
func handle28(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 28, "item-28")
}

// handle29 serves item 29.
func handle29(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 29, "item-29")
}

// handle30 serves item 30.
func handle30(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 30, "item-30")
}

// handle31 serves item 31.
func handle31(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 31, "item-31")
}

// handle32 serves item 32.
func handle32(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 32, "item-32")
}

// handle33 serves item 33.
func handle33(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 33, "item-33")
}

// handle34 serves item 34.
func handle34(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 34, "item-34")
}

// handle35 serves item 35.
func handle35(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 35, "item-35")
}

// handle36 serves item 36.
func handle36(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 36, "item-36")
}

// handle37 serves item 37.
func handle37(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 37, "item-37")
}

// handle38 serves item 38.
func handle38(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 38, "item-38")
}

// handle39 serves item 39.
func handle39(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 39, "item-39")
}

// handle40 serves item 40.
func handle40(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 40, "item-40")
}

// handle41 serves item 41.
func handle41(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 41, "item-41")
}

// handle42 serves item 42.
func handle42(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 42, "item-42")
}

// handle43 serves item 43.
func handle43(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 43, "item-43")
}

// handle44 serves item 44.
func handle44(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 44, "item-44")
}

// handle45 serves item 45.
func handle45(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 45, "item-45")
}

// handle46 serves item 46.
func handle46(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 46, "item-46")
}

// handle47 serves item 47.
func handle47(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 47, "item-47")
}

// handle48 serves item 48.
func handle48(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 48, "item-48")
}

// handle49 serves item 49.
func handle49(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 49, "item-49")
}

// handle50 serves item 50.
func handle50(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 50, "item-50")
}

// handle51 serves item 51.
func handle51(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 51, "item-51")
}

// handle52 serves item 52.
func handle52(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 52, "item-52")
}

// handle53 serves item 53.
func handle53(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 53, "item-53")
}

// handle54 serves item 54.
func handle54(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 54, "item-54")
}

// handle55 serves item 55.
func handle55(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 55, "item-55")
}

// handle56 serves item 56.
func handle56(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 56, "item-56")
}

// handle57 serves item 57.
func handle57(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 57, "item-57")
}

// handle58 serves item 58.
func handle58(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 58, "item-58")
}

// handle59 serves item 59.
func handle59(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 59, "item-59")
}

// handle60 serves item 60.
func handle60(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 60, "item-60")
}

// handle61 serves item 61.
func handle61(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 61, "item-61")
}

// handle62 serves item 62.
func handle62(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 62, "item-62")
}

// handle63 serves item 63.
func handle63(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 63, "item-63")
}

// handle64 serves item 64.
func handle64(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 64, "item-64")
}

// handle65 serves item 65.
func handle65(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 65, "item-65")
}

// handle66 serves item 66.
func handle66(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 66, "item-66")
}

// handle67 serves item 67.
func handle67(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 67, "item-67")
}

// handle68 serves item 68.
func handle68(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 68, "item-68")
}

// handle69 serves item 69.
func handle69(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 69, "item-69")
}

// handle70 serves item 70.
func handle70(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 70, "item-70")
}

// handle71 serves item 71.
func handle71(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 71, "item-71")
}

// handle72 serves item 72.
func handle72(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 72, "item-72")
}

// handle73 serves item 73.
func handle73(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 73, "item-73")
}

// handle74 serves item 74.
func handle74(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 74, "item-74")
}

// handle75 serves item 75.
func handle75(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 75, "item-75")
}

// handle76 serves item 76.
func handle76(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 76, "item-76")
}

// handle77 serves item 77.
func handle77(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 77, "item-77")
}

// handle78 serves item 78.
func handle78(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 78, "item-78")
}

// handle79 serves item 79.
func handle79(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 79, "item-79")
}

// handle80 serves item 80.
func handle80(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 80, "item-80")
}

// handle81 serves item 81.
func handle81(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 81, "item-81")
}

// handle82 serves item 82.
func handle82(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 82, "item-82")
}

// handle83 serves item 83.
func handle83(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 83, "item-83")
}

// handle84 serves item 84.
func handle84(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 84, "item-84")
}

// handle85 serves item 85.
func handle85(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 85, "item-85")
}

// handle86 serves item 86.
func handle86(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 86, "item-86")
}

// handle87 serves item 87.
func handle87(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 87, "item-87")
}

// handle88 serves item 88.
func handle88(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 88, "item-88")
}

// handle89 serves item 89.
func handle89(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 89, "item-89")
}

// handle90 serves item 90.
func handle90(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 90, "item-90")
}

// handle91 serves item 91.
func handle91(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 91, "item-91")
}

// handle92 serves item 92.
func handle92(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 92, "item-92")
}

// handle93 serves item 93.
func handle93(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 93, "item-93")
}

// handle94 serves item 94.
func handle94(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 94, "item-94")
}

// handle95 serves item 95.
func handle95(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 95, "item-95")
}

// handle96 serves item 96.
func handle96(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 96, "item-96")
}

// handle97 serves item 97.
func handle97(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 97, "item-97")
}

// handle98 serves item 98.
func handle98(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 98, "item-98")
}

// handle99 serves item 99.
func handle99(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 99, "item-99")
}

// handle100 serves item 100.
func handle100(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 100, "item-100")
}

// handle101 serves item 101.
func handle101(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 101, "item-101")
}

// handle102 serves item 102.
func handle102(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 102, "item-102")
}

// handle103 serves item 103.
func handle103(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 103, "item-103")
}

// handle104 serves item 104.
func handle104(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 104, "item-104")
}

// handle105 serves item 105.
func handle105(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 105, "item-105")
}

// handle106 serves item 106.
func handle106(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 106, "item-106")
}

// handle107 serves item 107.
func handle107(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 107, "item-107")
}

// handle108 serves item 108.
func handle108(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 108, "item-108")
}

// handle109 serves item 109.
func handle109(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 109, "item-109")
}

// handle110 serves item 110.
func handle110(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 110, "item-110")
}

// handle111 serves item 111.
func handle111(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 111, "item-111")
}

// handle112 serves item 112.
func handle112(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 112, "item-112")
}

// handle113 serves item 113.
func handle113(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 113, "item-113")
}

// handle114 serves item 114.
func handle114(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 114, "item-114")
}

// handle115 serves item 115.
func handle115(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 115, "item-115")
}

// handle116 serves item 116.
func handle116(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 116, "item-116")
}

// handle117 serves item 117.
func handle117(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 117, "item-117")
}

// handle118 serves item 118.
func handle118(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 118, "item-118")
}

// handle119 serves item 119.
func handle119(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 119, "item-119")
}

// handle120 serves item 120.
func handle120(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 120, "item-120")
}

// handle121 serves item 121.
func handle121(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 121, "item-121")
}

// handle122 serves item 122.
func handle122(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 122, "item-122")
}

// handle123 serves item 123.
func handle123(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 123, "item-123")
}

// handle124 serves item 124.
func handle124(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 124, "item-124")
}

// handle125 serves item 125.
func handle125(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 125, "item-125")
}

// handle126 serves item 126.
func handle126(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 126, "item-126")
}

// handle127 serves item 127.
func handle127(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 127, "item-127")
}

// handle128 serves item 128.
func handle128(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 128, "item-128")
}

// handle129 serves item 129.
func handle129(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 129, "item-129")
}

// handle130 serves item 130.
func handle130(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 130, "item-130")
}

// handle131 serves item 131.
func handle131(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 131, "item-131")
}

// handle132 serves item 132.
func handle132(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 132, "item-132")
}

// handle133 serves item 133.
func handle133(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 133, "item-133")
}

// handle134 serves item 134.
func handle134(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 134, "item-134")
}

// handle135 serves item 135.
func handle135(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 135, "item-135")
}

// handle136 serves item 136.
func handle136(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 136, "item-136")
}

// handle137 serves item 137.
func handle137(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 137, "item-137")
}

// handle138 serves item 138.
func handle138(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 138, "item-138")
}

// handle139 serves item 139.
func handle139(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 139, "item-139")
}

// handle140 serves item 140.
func handle140(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 140, "item-140")
}

// handle141 serves item 141.
func handle141(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 141, "item-141")
}

// handle142 serves item 142.
func handle142(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 142, "item-142")
}

// handle143 serves item 143.
func handle143(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 143, "item-143")
}

// handle144 serves item 144.
func handle144(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 144, "item-144")
}

// handle145 serves item 145.
func handle145(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 145, "item-145")
}

// handle146 serves item 146.
func handle146(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 146, "item-146")
}

// handle147 serves item 147.
func handle147(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 147, "item-147")
}

// handle148 serves item 148.
func handle148(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 148, "item-148")
}

// handle149 serves item 149.
func handle149(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 149, "item-149")
}

// handle150 serves item 150.
func handle150(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 150, "item-150")
}

// handle151 serves item 151.
func handle151(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 151, "item-151")
}

// handle152 serves item 152.
func handle152(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 152, "item-152")
}

// handle153 serves item 153.
func handle153(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 153, "item-153")
}

// handle154 serves item 154.
func handle154(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 154, "item-154")
}

// handle155 serves item 155.
func handle155(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 155, "item-155")
}

// handle156 serves item 156.
func handle156(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 156, "item-156")
}

// handle157 serves item 157.
func handle157(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 157, "item-157")
}

// handle158 serves item 158.
func handle158(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 158, "item-158")
}

// handle159 serves item 159.
func handle159(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 159, "item-159")
}

// handle160 serves item 160.
func handle160(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 160, "item-160")
}

// handle161 serves item 161.
func handle161(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 161, "item-161")
}

// handle162 serves item 162.
func handle162(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 162, "item-162")
}

// handle163 serves item 163.
func handle163(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 163, "item-163")
}

// handle164 serves item 164.
func handle164(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 164, "item-164")
}

// handle165 serves item 165.
func handle165(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 165, "item-165")
}

// handle166 serves item 166.
func handle166(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 166, "item-166")
}

// handle167 serves item 167.
func handle167(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 167, "item-167")
}

// handle168 serves item 168.
func handle168(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 168, "item-168")
}

// handle169 serves item 169.
func handle169(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 169, "item-169")
}

// handle170 serves item 170.
func handle170(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 170, "item-170")
}

// handle171 serves item 171.
func handle171(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 171, "item-171")
}

// handle172 serves item 172.
func handle172(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 172, "item-172")
}

// handle173 serves item 173.
func handle173(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 173, "item-173")
}

// handle174 serves item 174.
func handle174(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 174, "item-174")
}

// handle175 serves item 175.
func handle175(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 175, "item-175")
}

// handle176 serves item 176.
func handle176(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 176, "item-176")
}

// handle177 serves item 177.
func handle177(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 177, "item-177")
}

// handle178 serves item 178.
func handle178(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 178, "item-178")
}

// handle179 serves item 179.
func handle179(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 179, "item-179")
}

// handle180 serves item 180.
func handle180(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 180, "item-180")
}

// handle181 serves item 181.
func handle181(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 181, "item-181")
}

// handle182 serves item 182.
func handle182(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 182, "item-182")
}

// handle183 serves item 183.
func handle183(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 183, "item-183")
}

// handle184 serves item 184.
func handle184(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 184, "item-184")
}

// handle185 serves item 185.
func handle185(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 185, "item-185")
}

// handle186 serves item 186.
func handle186(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 186, "item-186")
}

// handle187 serves item 187.
func handle187(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 187, "item-187")
}

// handle188 serves item 188.
func handle188(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 188, "item-188")
}

// handle189 serves item 189.
func handle189(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 189, "item-189")
}

// handle190 serves item 190.
func handle190(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 190, "item-190")
}

// handle191 serves item 191.
func handle191(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 191, "item-191")
}

// handle192 serves item 192.
func handle192(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 192, "item-192")
}

// handle193 serves item 193.
func handle193(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 193, "item-193")
}

// handle194 serves item 194.
func handle194(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 194, "item-194")
}

// handle195 serves item 195.
func handle195(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 195, "item-195")
}

// handle196 serves item 196.
func handle196(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 196, "item-196")
}

// handle197 serves item 197.
func handle197(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 197, "item-197")
}

// handle198 serves item 198.
func handle198(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 198, "item-198")
}

// handle199 serves item 199.
func handle199(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 199, "item-199")
}

// handle200 serves item 200.
func handle200(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 200, "item-200")
}

// handle201 serves item 201.
func handle201(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 201, "item-201")
}

// handle202 serves item 202.
func handle202(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 202, "item-202")
}

// handle203 serves item 203.
func handle203(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 203, "item-203")
}

// handle204 serves item 204.
func handle204(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 204, "item-204")
}

// handle205 serves item 205.
func handle205(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 205, "item-205")
}

// handle206 serves item 206.
func handle206(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 206, "item-206")
}

// handle207 serves item 207.
func handle207(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 207, "item-207")
}

// handle208 serves item 208.
func handle208(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 208, "item-208")
}

// handle209 serves item 209.
func handle209(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 209, "item-209")
}

// handle210 serves item 210.
func handle210(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 210, "item-210")
}

// handle211 serves item 211.
func handle211(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 211, "item-211")
}

// handle212 serves item 212.
func handle212(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 212, "item-212")
}

// handle213 serves item 213.
func handle213(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 213, "item-213")
}

// handle214 serves item 214.
func handle214(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 214, "item-214")
}

// handle215 serves item 215.
func handle215(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 215, "item-215")
}

// handle216 serves item 216.
func handle216(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 216, "item-216")
}

// handle217 serves item 217.
func handle217(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 217, "item-217")
}

// handle218 serves item 218.
func handle218(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 218, "item-218")
}

// handle219 serves item 219.
func handle219(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 219, "item-219")
}

// handle220 serves item 220.
func handle220(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 220, "item-220")
}

// handle221 serves item 221.
func handle221(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 221, "item-221")
}

// handle222 serves item 222.
func handle222(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 222, "item-222")
}

// handle223 serves item 223.
func handle223(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 223, "item-223")
}

// handle224 serves item 224.
func handle224(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 224, "item-224")
}

// handle225 serves item 225.
func handle225(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 225, "item-225")
}

// handle226 serves item 226.
func handle226(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 226, "item-226")
}

// handle227 serves item 227.
func handle227(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 227, "item-227")
}

// handle228 serves item 228.
func handle228(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 228, "item-228")
}

// handle229 serves item 229.
func handle229(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 229, "item-229")
}

// handle230 serves item 230.
func handle230(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 230, "item-230")
}

// handle231 serves item 231.
func handle231(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 231, "item-231")
}

// handle232 serves item 232.
func handle232(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 232, "item-232")
}

// handle233 serves item 233.
func handle233(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 233, "item-233")
}

// handle234 serves item 234.
func handle234(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 234, "item-234")
}

// handle235 serves item 235.
func handle235(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 235, "item-235")
}

// handle236 serves item 236.
func handle236(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 236, "item-236")
}

// handle237 serves item 237.
func handle237(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 237, "item-237")
}

// handle238 serves item 238.
func handle238(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 238, "item-238")
}

// handle239 serves item 239.
func handle239(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 239, "item-239")
}

// handle240 serves item 240.
func handle240(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 240, "item-240")
}

// handle241 serves item 241.
func handle241(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 241, "item-241")
}

// handle242 serves item 242.
func handle242(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 242, "item-242")
}

// handle243 serves item 243.
func handle243(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 243, "item-243")
}

// handle244 serves item 244.
func handle244(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 244, "item-244")
}

// handle245 serves item 245.
func handle245(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 245, "item-245")
}

// handle246 serves item 246.
func handle246(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 246, "item-246")
}

// handle247 serves item 247.
func handle247(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 247, "item-247")
}

// handle248 serves item 248.
func handle248(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 248, "item-248")
}

// handle249 serves item 249.
func handle249(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 249, "item-249")
}

// handle250 serves item 250.
func handle250(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 250, "item-250")
}

// handle251 serves item 251.
func handle251(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 251, "item-251")
}

// handle252 serves item 252.
func handle252(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 252, "item-252")
}

// handle253 serves item 253.
func handle253(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 253, "item-253")
}

// handle254 serves item 254.
func handle254(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 254, "item-254")
}

// handle255 serves item 255.
func handle255(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 255, "item-255")
}

// handle256 serves item 256.
func handle256(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 256, "item-256")
}

// handle257 serves item 257.
func handle257(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 257, "item-257")
}

// handle258 serves item 258.
func handle258(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 258, "item-258")
}

// handle259 serves item 259.
func handle259(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 259, "item-259")
}

// handle260 serves item 260.
func handle260(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 260, "item-260")
}

// handle261 serves item 261.
func handle261(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 261, "item-261")
}

// handle262 serves item 262.
func handle262(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 262, "item-262")
}

// handle263 serves item 263.
func handle263(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 263, "item-263")
}

// handle264 serves item 264.
func handle264(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 264, "item-264")
}

// handle265 serves item 265.
func handle265(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 265, "item-265")
}

// handle266 serves item 266.
func handle266(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 266, "item-266")
}

// handle267 serves item 267.
func handle267(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 267, "item-267")
}

// handle268 serves item 268.
func handle268(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 268, "item-268")
}

// handle269 serves item 269.
func handle269(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 269, "item-269")
}

// handle270 serves item 270.
func handle270(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 270, "item-270")
}

// handle271 serves item 271.
func handle271(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 271, "item-271")
}

// handle272 serves item 272.
func handle272(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 272, "item-272")
}

// handle273 serves item 273.
func handle273(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 273, "item-273")
}

// handle274 serves item 274.
func handle274(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 274, "item-274")
}

// handle275 serves item 275.
func handle275(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 275, "item-275")
}

// handle276 serves item 276.
func handle276(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 276, "item-276")
}

// handle277 serves item 277.
func handle277(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 277, "item-277")
}

// handle278 serves item 278.
func handle278(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 278, "item-278")
}

// handle279 serves item 279.
func handle279(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 279, "item-279")
}

// handle280 serves item 280.
func handle280(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 280, "item-280")
}

// handle281 serves item 281.
func handle281(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 281, "item-281")
}

// handle282 serves item 282.
func handle282(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 282, "item-282")
}

// handle283 serves item 283.
func handle283(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 283, "item-283")
}

// handle284 serves item 284.
func handle284(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 284, "item-284")
}

// handle285 serves item 285.
func handle285(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 285, "item-285")
}

// handle286 serves item 286.
func handle286(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 286, "item-286")
}

// handle287 serves item 287.
func handle287(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 287, "item-287")
}

// handle288 serves item 288.
func handle288(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 288, "item-288")
}

// handle289 serves item 289.
func handle289(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 289, "item-289")
}

// handle290 serves item 290.
func handle290(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 290, "item-290")
}

// handle291 serves item 291.
func handle291(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 291, "item-291")
}

// handle292 serves item 292.
func handle292(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 292, "item-292")
}

// handle293 serves item 293.
func handle293(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 293, "item-293")
}

// handle294 serves item 294.
func handle294(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 294, "item-294")
}

// handle295 serves item 295.
func handle295(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 295, "item-295")
}

// handle296 serves item 296.
func handle296(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 296, "item-296")
}

// handle297 serves item 297.
func handle297(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 297, "item-297")
}

// handle298 serves item 298.
func handle298(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 298, "item-298")
}

// handle299 serves item 299.
func handle299(w http.ResponseWriter, r *http.Request) {
	if r.Method != "GET" {
		w.WriteHeader(405)
		return
	}
	write(w, 299, "item-299")
}

func write(w http.ResponseWriter, id int, name string) {
	w.Header().Set("Content-Type", "text/plain")
	w.Write([]byte(name))
}
