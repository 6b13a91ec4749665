package serde

import "testing"

// TestFloat: serde_json's form of the floats it meets in arguments.
func TestFloat(t *testing.T) {
	for f, want := range map[float64]string{
		1000: "1000.0", 1.5: "1.5", 0: "0.0", 1e15: "1000000000000000.0", 1.5e15: "1500000000000000.0",
		1e16: "1e+16", 18446744073709551616: "1.8446744073709552e+19", -2.5e300: "-2.5e+300",
		0.00001: "0.00001", 1.25e-7: "1.25e-7", 1e-6: "1e-6", 123.456: "123.456", -0.5: "-0.5",
	} {
		if got := Float(f); got != want {
			t.Errorf("Float(%g) = %q, want %q", f, got, want)
		}
	}
}
