// Analytic write-amplification models for a page-mapped FTL under uniform
// random single-page writes, in steady state. They are the references the
// simulator's WAF is checked against (the issue's "matches published analytic
// models within a few percent"); they are not used by the simulator itself.
//
// Spare factor. Every function takes
//
//   spare_factor = (P - U) / U
//
// where U is the number of logical pages written (the user's working set) and
// P is the number of physical pages that hold data in steady state: all pages
// of all blocks of the pool that GC cleans, including the open block (write
// frontier), but excluding blocks the FTL keeps erased as a reserve (the free
// blocks below its GC trigger threshold). It is the device JSON's
// `overprovision` (physical/logical - 1) applied to the data pages. With a
// per-plane pool and uniform random writes every plane is an independent
// drive, so P and U are per plane. The papers use other names for it:
//   Desnoyers 2012/2014:      alpha = T/U = 1 + spare_factor,
//                             S_f = (T-U)/T = spare_factor / (1 + spare_factor)
//   Hu et al. 2009:           S_f as in Desnoyers (spare fraction of physical)
//   Van Houdt 2013:           rho = U/(N b) = 1 / (1 + spare_factor),
//                             S_f = 1 - rho
//   Agarwal & Marrow 2010,
//   Xiang & Kurkoski 2012:    overprovisioning factor rho = (T-U)/U
//                             = spare_factor
//
// Write amplification (WAF) is (user page writes + GC page copies) / user page
// writes, always >= 1. spare_factor <= 0 gives +infinity (a full drive cannot
// make progress); NaN gives NaN.
//
// References (the equations are restated at each function):
//  [D12] P. Desnoyers, "Analytic Modeling of SSD Write Performance", Proc. 5th
//        Annual International Systems and Storage Conference (SYSTOR '12),
//        ACM, 2012. Extended as "Analytic Models of SSD Write Performance",
//        ACM Transactions on Storage 10(2), 2014. Equation numbers below are
//        the SYSTOR '12 ones, as labelled in the author's reference code
//        (MATLAB, ported to Python by Y. Oh, University of Seoul, 2012).
//  [VH13] B. Van Houdt, "A Mean Field Model for a Class of Garbage Collection
//        Algorithms in Flash-based Solid State Drives", Proc. ACM SIGMETRICS
//        2013 (Perform. Eval. Rev. 41(1):191-202, doi:10.1145/2494232.2465543);
//        journal version Queueing Systems 77(2):149-176, 2014.
//  [XK12] L. Xiang, B. M. Kurkoski, "An Improved Analytic Expression for Write
//        Amplification in NAND Flash", arXiv:1110.4245 (ICNC 2012).
//  [AM10] R. Agarwal, M. Marrow, "A Closed-Form Expression for Write
//        Amplification in NAND Flash", IEEE GLOBECOM Workshops 2010.
#pragma once

#include <cstdint>

namespace flashscope {

// spare_factor from page counts, as defined above: (physical - logical) /
// logical. logical_pages == 0 gives +infinity.
double SpareFactor(uint64_t physical_data_pages, uint64_t logical_pages);

// FIFO cleaning (Desnoyers's LRW, "least recently written": the victim is the
// block closed longest ago). Model [D12] eq. 4, exact as the number of blocks
// grows, for any pages per block: a page survives until its block is cleaned
// with probability exp(-alpha (1 - X)), so the valid fraction X of a cleaned
// block solves
//
//   X = exp(-alpha (1 - X)),   alpha = 1 + spare_factor,   WAF = 1 / (1 - X),
//
// i.e. WAF = alpha / (alpha + W0(-alpha e^-alpha)) with W0 the principal
// branch of Lambert's W. [XK12]'s Lambert-W expression (from the invalid
// fraction of the GC victim) gives 2.36 at overprovisioning factor 0.3, as
// FifoWaf(0.3) = 2.364 does. Solved here by bisection on the invalid fraction
// u = 1 - X of 1 - e^(-alpha u) = u (no Lambert W needed).
double FifoWaf(double spare_factor);

// Greedy cleaning (victim = block with the fewest valid pages) with
// pages_per_block = b: the mean-field model of [VH13] for its d-Choices GC
// algorithm in the limit d -> infinity (d-Choices with d = N is greedy).
// The equations are written out below as implemented (the paper's full text,
// and so its equation numbers, could not be checked here): cite [VH13] for
// the model and this comment for the equations.
//
// Model: x_j = fraction of blocks with j valid pages, rho = 1/(1 +
// spare_factor). Each user write invalidates a uniformly chosen valid page;
// each GC copies the victim's j valid pages into a fresh block which is then
// filled with b - j user writes. With p_j the probability that the victim has
// j valid pages and R = rho b / (b - sum_j j p_j) the number of GCs per unit
// time (time unit: rho b N user writes), the mean-field drift is
//
//   dx_j/dt = (j+1) x_{j+1} - j x_j + R ([j == b] - p_j),          (MF)
//
// whose fixed point is, for every j >= 1,
//
//   j x_j = R * P(victim has < j valid pages),                     (FP)
//
// and WAF = b / (b - E[victim valid]) = R / rho. For greedy the victims come
// from the lowest occupied levels: x_j = R/j above them, and the fixed point
// reduces to finding s = E[victim valid] in [0, b) with g(s) = 0, where g is
// piecewise linear between the integer points
//
//   g(k) = (b - k) / (rho b) - (H_b - H_k),   H_n = 1 + 1/2 + ... + 1/n,
//
// (the victim has k valid pages with probability 1 - q and k+1 with q, s = k+q;
// if g(0) >= 0 every victim is fully invalid and WAF = 1). As b -> infinity,
// with a = s/b, g = 0 becomes (1 - a)/rho = ln(1/a), the FIFO equation: greedy
// converges to FIFO. [VH13] reports the mean-field predictions "highly
// accurate" against simulations of drives with N = 50000 blocks. Here it
// agrees with [D12]'s closed form (DesnoyersGreedyWaf) within 0.6% for
// b >= 32, spare 0.05..2, and with a 255-data-block Monte Carlo (b = 32, 64;
// spare 0.1..0.5) within 0.6%, the simulation being the higher (finite N;
// 0.1% at 1023 data blocks). The tests allow 3%.
// O(b) time, no allocation. pages_per_block == 0 gives NaN.
double GreedyWaf(double spare_factor, uint32_t pages_per_block);

// d-Choices cleaning (victim = fewest valid pages among d blocks drawn
// uniformly at random, with replacement): the [VH13] mean-field fixed point
// (FP) with P(victim has >= j valid) = y_j^d, y_j = sum_{i>=j} x_i:
//
//   y_j = y_{j+1} + R (1 - y_j^d) / j   for j = b..1,  y_{b+1} = 0,
//   sum_{j=1..b} y_j = rho b            (mean valid pages per block),
//
// solved for R by a bracketing root finder (Illinois), each y_j by
// safeguarded Newton; WAF = R / rho.
// d = 1 is Random cleaning; d -> infinity tends to GreedyWaf. O(b) work per
// bisection step, a few ms for b = 1024. pages_per_block == 0 or d == 0 gives
// NaN.
double DChoicesWaf(double spare_factor, uint32_t pages_per_block, uint32_t d);

// Greedy cleaning, [D12] eq. 12: the closed-form correction of the LRW model
// for finite blocks of Np = pages_per_block pages,
//
//   k = 1 + 1/(2 Np),   A_greedy(alpha) = A_LRW(k alpha) / k,
//
// with A_LRW = FifoWaf. Kept as an independent published cross-check of
// GreedyWaf (they agree within 0.6% for b >= 32 and spare 0.05..2; the
// mean-field model is the closer one to simulation at b = 32). Clamped to
// >= 1, which the formula undershoots for small b at very large spare.
// pages_per_block == 0 gives NaN.
double DesnoyersGreedyWaf(double spare_factor, uint32_t pages_per_block);

}  // namespace flashscope
