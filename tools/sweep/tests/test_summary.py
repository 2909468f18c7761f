"""summary.md's distribution over volumes uses the app chart's quantile:
the cases of apps/web/src/sweep/sweepStats.test.ts give the same numbers."""
from flashscope_sweep.summary import percentile


def test_percentile_interpolates_between_closest_ranks_like_the_chart():
    values = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]  # unsorted: percentile sorts
    assert percentile(values, 0.5) == 5.5
    assert abs(percentile(values, 0.9) - 9.1) < 1e-12
    assert percentile(values, 0.25) == 3.25
    assert percentile([4], 0.9) == 4
    assert percentile([1.9, 1.2, 3.4, 1.5, 2.0], 0.5) == 1.9
