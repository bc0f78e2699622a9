"""Intervals and tests for the report: 95% Wilson intervals for proportions, t intervals
for means, two-sided tests for differences. Pure Python (no numpy), so the figures do not
depend on the plotting extra."""
import math
import statistics

Z95 = 1.959963984540054
# Student's t, two-sided 95% (the 0.975 quantile), for 1..30 degrees of freedom.
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
         2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
         2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def wilson(successes, n, z=Z95):
    """The 95% Wilson score interval (low, high) of the proportion successes/n."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def t975(df):
    """The 0.975 quantile of Student's t with `df` degrees of freedom (df >= 1); beyond 30
    the Cornish-Fisher expansion, within 0.001 of the exact value."""
    if df <= 30:
        return _T975[df - 1]
    z = Z95
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df)


def mean_interval(values):
    """(mean, low, high): the mean of `values` with its 95% t interval; with fewer than two
    values the interval is the mean itself."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = math.fsum(values) / n
    if n < 2:
        return (mean, mean, mean)
    half = t975(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return (mean, mean - half, mean + half)


def normal_p(z):
    """The two-sided p-value of a standard normal statistic `z`."""
    return math.erfc(abs(z) / math.sqrt(2))


def proportion_test(a, n_a, b, n_b):
    """Two-sided p-value that the proportions a/n_a and b/n_b differ (pooled z test);
    1.0 when either sample is empty or nothing varies."""
    if not n_a or not n_b:
        return 1.0
    pooled = (a + b) / (n_a + n_b)
    var = pooled * (1 - pooled) * (1 / n_a + 1 / n_b)
    if var <= 0:
        return 1.0
    return normal_p((a / n_a - b / n_b) / math.sqrt(var))


def share_test(successes, n, p0):
    """Two-sided p-value that successes/n differs from the share p0 (score test)."""
    if not n or p0 <= 0 or p0 >= 1:
        return 1.0
    return normal_p((successes / n - p0) / math.sqrt(p0 * (1 - p0) / n))


def mean_test(xs, ys):
    """Two-sided p-value that the means of xs and ys differ (Welch's t). The statistic is
    rescaled by z/t at Welch's degrees of freedom, so the 5% decision is exact and the
    p-value near it close; 1.0 with fewer than two values on a side."""
    if len(xs) < 2 or len(ys) < 2:
        return 1.0
    va, vb = statistics.variance(xs) / len(xs), statistics.variance(ys) / len(ys)
    if va + vb == 0:
        return 1.0 if statistics.fmean(xs) == statistics.fmean(ys) else 0.0
    t = (statistics.fmean(xs) - statistics.fmean(ys)) / math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va ** 2 / (len(xs) - 1) + vb ** 2 / (len(ys) - 1))
    return normal_p(t * Z95 / t975(max(1, int(df))))


SIGNIFICANT = 0.05


def percentile(values, q):
    """The q-th percentile (0..100) of values, nearest rank; 0 when empty."""
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[max(1, math.ceil(q / 100 * len(ordered))) - 1]
