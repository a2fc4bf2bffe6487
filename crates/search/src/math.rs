//! The transcendental functions a decision reads, with the same bits on
//! every target.
//!
//! `f64::ln` and `f64::exp` call the platform's library: glibc natively,
//! a port of musl's in WebAssembly. The two differ in the last bit for
//! many arguments (`ln(3.0)` among them), and a search that compares
//! exploration bonuses or draws by weights then decides otherwise in the
//! browser than natively, from the same seed. These wrappers call the
//! `libm` crate's code on every target instead; the workspace's clippy
//! configuration forbids the `f64` methods so that no decision path
//! reaches the platform's library again.
//!
//! ```
//! use tabula_search::math;
//! assert_eq!(math::ln(1.0), 0.0);
//! assert_eq!(math::exp(0.0), 1.0);
//! assert!((math::ln(math::exp(2.5)) - 2.5).abs() < 1e-15);
//! ```

/// The natural logarithm, the same bits on every target.
#[inline]
#[must_use]
pub fn ln(x: f64) -> f64 {
    libm::log(x)
}

/// `e^x`, the same bits on every target.
#[inline]
#[must_use]
pub fn exp(x: f64) -> f64 {
    libm::exp(x)
}

/// The cosine, the same bits on every target.
#[inline]
#[must_use]
pub fn cos(x: f64) -> f64 {
    libm::cos(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values pinned bit for bit: what every target must compute. Each
    /// of these is one that glibc rounds the other way (`ln(3)` ends in
    /// `…030b` there, `ln(14)` in `…bba7`, `exp(-0.052)` in `…a579`).
    #[test]
    fn pinned_bits() {
        assert_eq!(ln(3.0).to_bits(), 0x3ff1_93ea_7aad_030a);
        assert_eq!(ln(14.0).to_bits(), 0x4005_1cca_16d7_bba8);
        assert_eq!(exp(-0.052).to_bits(), 0x3fee_60e6_ee87_a57a);
        assert_eq!(cos(1.0).to_bits(), 0x3fe1_4a28_0fb5_068c);
    }
}
