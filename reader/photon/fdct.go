package photon

// fdct is image 0.24.9's codecs/jpeg/transform.rs fdct, its translation of
// jfdctint.c from the Independent JPEG Group's libjpeg 9a (this software is
// based in part on the work of the Independent JPEG Group): the slow but
// accurate integer DCT, level shift included, results scaled by 8.
func fdct(samples *[64]byte, coeffs *[64]int32) {
	const (
		constBits = 13
		pass1Bits = 2
		fix0298   = 2446
		fix0390   = 3196
		fix0541   = 4433
		fix0765   = 6270
		fix0899   = 7373
		fix1175   = 9633
		fix1501   = 12299
		fix1847   = 15137
		fix1961   = 16069
		fix2053   = 16819
		fix2562   = 20995
		fix3072   = 25172
	)
	// Pass 1: rows, scaled up by sqrt(8) and 2**pass1Bits.
	for y := 0; y < 8; y++ {
		s := samples[y*8 : y*8+8]
		c := coeffs[y*8 : y*8+8]
		t0 := int32(s[0]) + int32(s[7])
		t1 := int32(s[1]) + int32(s[6])
		t2 := int32(s[2]) + int32(s[5])
		t3 := int32(s[3]) + int32(s[4])
		t10 := t0 + t3
		t12 := t0 - t3
		t11 := t1 + t2
		t13 := t1 - t2
		t0 = int32(s[0]) - int32(s[7])
		t1 = int32(s[1]) - int32(s[6])
		t2 = int32(s[2]) - int32(s[5])
		t3 = int32(s[3]) - int32(s[4])

		c[0] = (t10 + t11 - 8*128) << pass1Bits
		c[4] = (t10 - t11) << pass1Bits
		z1 := (t12 + t13) * fix0541
		z1 += 1 << (constBits - pass1Bits - 1)
		c[2] = (z1 + t12*fix0765) >> (constBits - pass1Bits)
		c[6] = (z1 - t13*fix1847) >> (constBits - pass1Bits)

		t12 = t0 + t2
		t13 = t1 + t3
		z1 = (t12 + t13) * fix1175
		z1 += 1 << (constBits - pass1Bits - 1)
		t12 = t12*(-fix0390) + z1
		t13 = t13*(-fix1961) + z1
		z1 = (t0 + t3) * (-fix0899)
		t0 = t0*fix1501 + z1 + t12
		t3 = t3*fix0298 + z1 + t13
		z1 = (t1 + t2) * (-fix2562)
		t1 = t1*fix3072 + z1 + t13
		t2 = t2*fix2053 + z1 + t12
		c[1] = t0 >> (constBits - pass1Bits)
		c[3] = t1 >> (constBits - pass1Bits)
		c[5] = t2 >> (constBits - pass1Bits)
		c[7] = t3 >> (constBits - pass1Bits)
	}
	// Pass 2: columns, the pass1Bits scaling removed, an overall factor of
	// 8 left.
	for x := 7; x >= 0; x-- {
		c := func(i int) *int32 { return &coeffs[x+8*i] }
		t0 := *c(0) + *c(7)
		t1 := *c(1) + *c(6)
		t2 := *c(2) + *c(5)
		t3 := *c(3) + *c(4)
		t10 := t0 + t3 + (1 << (pass1Bits - 1))
		t12 := t0 - t3
		t11 := t1 + t2
		t13 := t1 - t2
		t0 = *c(0) - *c(7)
		t1 = *c(1) - *c(6)
		t2 = *c(2) - *c(5)
		t3 = *c(3) - *c(4)

		*c(0) = (t10 + t11) >> pass1Bits
		*c(4) = (t10 - t11) >> pass1Bits
		z1 := (t12 + t13) * fix0541
		z1 += 1 << (constBits + pass1Bits - 1)
		*c(2) = (z1 + t12*fix0765) >> (constBits + pass1Bits)
		*c(6) = (z1 - t13*fix1847) >> (constBits + pass1Bits)

		t12 = t0 + t2
		t13 = t1 + t3
		z1 = (t12 + t13) * fix1175
		z1 += 1 << (constBits - pass1Bits - 1)
		t12 = t12*(-fix0390) + z1
		t13 = t13*(-fix1961) + z1
		z1 = (t0 + t3) * (-fix0899)
		t0 = t0*fix1501 + z1 + t12
		t3 = t3*fix0298 + z1 + t13
		z1 = (t1 + t2) * (-fix2562)
		t1 = t1*fix3072 + z1 + t13
		t2 = t2*fix2053 + z1 + t12
		*c(1) = t0 >> (constBits + pass1Bits)
		*c(3) = t1 >> (constBits + pass1Bits)
		*c(5) = t2 >> (constBits + pass1Bits)
		*c(7) = t3 >> (constBits + pass1Bits)
	}
}
