"""Intervals and tests for the report: 95% Wilson intervals for proportions, t intervals
for means, exact tests where they are cheap (binomial, multinomial, Fisher, McNemar), the
chi-square and t distributions, Holm's correction for a family of tests, and the smallest
effect a run can detect. Pure Python (math and statistics only), so the figures do not
depend on the plotting extra."""
import math
import statistics

Z95 = 1.959963984540054
SIGNIFICANT = 0.05      # the family-wise level of every flag
MIN_GROUP = 30          # no flag on a group of fewer games (or seat-games) than this
EXACT_LIMIT = 20_000    # exact binomial and Fisher tests up to this many; normal beyond
EXPECTED_EXACT = 10     # the exact multinomial test while a category expects fewer than this
POWER = 0.8             # the power at which "the run could detect" an effect
# Student's t, two-sided 95% (the 0.975 quantile), for 1..30 degrees of freedom.
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
         2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
         2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
_TIES = 1 + 1e-7        # outcomes this close in probability count as equally extreme


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


def _log_choose(n, k):
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def _two_sided(log_pmf, observed, support):
    """The exact two-sided p-value: the probability of every outcome in `support` no
    more likely than `observed`."""
    limit = log_pmf(observed) + math.log(_TIES)
    return min(1.0, math.fsum(math.exp(v) for v in map(log_pmf, support) if v <= limit))


def binomial_test(k, n, p):
    """Two-sided p-value that k successes in n trials came from the share p: exact up to
    EXACT_LIMIT trials, the score test beyond; 1.0 with no trials or p at 0 or 1."""
    if not n or p <= 0 or p >= 1:
        return 1.0
    if n > EXACT_LIMIT:
        return normal_p((k / n - p) / math.sqrt(p * (1 - p) / n))
    lp, lq = math.log(p), math.log1p(-p)
    return _two_sided(lambda j: _log_choose(n, j) + j * lp + (n - j) * lq, k, range(n + 1))


def chi_square_sf(x, df):
    """P(X >= x) for X chi-square with a whole number `df` >= 1 of degrees of freedom
    (the closed forms for even and odd df)."""
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term = total = 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    root = math.sqrt(x)
    p = math.erfc(root / math.sqrt(2))
    term = root * math.exp(-half) / math.sqrt(math.pi / 2)
    for i in range(1, (df + 1) // 2):
        p += term
        term *= x / (2 * i + 1)
    return min(1.0, p)


def _partitions(total, parts, largest):
    """Every way to write `total` as at most `parts` whole numbers of at most `largest`,
    in descending order (zeros dropped)."""
    if total == 0:
        yield ()
        return
    if parts == 0:
        return
    for first in range(min(total, largest), 0, -1):
        for rest in _partitions(total - first, parts - 1, first):
            yield (first,) + rest


def uniform_test(counts):
    """(p, test name): whether `counts` (one per category, e.g. sole wins per seat) came
    from equal shares. Exact multinomial while each category expects fewer than
    EXPECTED_EXACT, chi-square beyond."""
    k, m = len(counts), sum(counts)
    if k < 2 or m == 0:
        return 1.0, "no test"
    if m >= EXPECTED_EXACT * k:
        expected = m / k
        statistic = sum((c - expected) ** 2 for c in counts) / expected
        return chi_square_sf(statistic, k - 1), "chi-square"
    base = math.lgamma(m + 1) - m * math.log(k)

    def log_p(parts):
        return base - sum(math.lgamma(c + 1) for c in parts)
    limit = log_p(counts) + math.log(_TIES)
    total = 0.0
    for parts in _partitions(m, k, m):
        value = log_p(parts)
        if value <= limit:
            filled = parts + (0,) * (k - len(parts))
            orders = math.factorial(k)
            for size in set(filled):
                orders //= math.factorial(filled.count(size))
            total += orders * math.exp(value)
    return min(1.0, total), "exact multinomial"


def fisher_test(a, n_a, b, n_b):
    """Fisher's exact two-sided p-value that a/n_a and b/n_b come from one share."""
    hits, total = a + b, n_a + n_b
    low, high = max(0, hits - n_b), min(hits, n_a)
    base = _log_choose(total, hits)
    return _two_sided(lambda x: _log_choose(n_a, x) + _log_choose(n_b, hits - x) - base,
                      a, range(low, high + 1))


def proportion_test(a, n_a, b, n_b):
    """Two-sided p-value that the proportions a/n_a and b/n_b differ: Fisher's exact test
    up to EXACT_LIMIT in all, the pooled z test beyond; 1.0 when a side is empty."""
    if not n_a or not n_b:
        return 1.0
    if n_a + n_b <= EXACT_LIMIT:
        return fisher_test(a, n_a, b, n_b)
    pooled = (a + b) / (n_a + n_b)
    var = pooled * (1 - pooled) * (1 / n_a + 1 / n_b)
    if var <= 0:
        return 1.0
    return normal_p((a / n_a - b / n_b) / math.sqrt(var))


def mcnemar_test(gained, lost):
    """Two-sided exact p-value of a paired comparison of shares: `gained` pairs where only
    the second has it, `lost` where only the first has it (McNemar's exact test)."""
    return binomial_test(gained, gained + lost, 0.5)


def _beta_fraction(a, b, x):
    """The continued fraction of the regularized incomplete beta function (Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-14:
            break
    return h


def _incomplete_beta(a, b, x):
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1 - front * _beta_fraction(b, a, 1 - x) / b


def t_p(t, df):
    """The two-sided p-value of Student's t statistic `t` with `df` degrees of freedom."""
    if math.isinf(t):
        return 0.0
    return min(1.0, _incomplete_beta(df / 2, 0.5, df / (df + t * t)))


def paired_test(differences):
    """Two-sided p-value that paired differences have mean 0 (the paired t test); 1.0
    with fewer than two pairs or none that differ, 0.0 when all differ alike."""
    n = len(differences)
    if n < 2 or not any(differences):
        return 1.0
    spread = statistics.stdev(differences)
    if spread == 0:
        return 0.0
    return t_p(statistics.fmean(differences) / (spread / math.sqrt(n)), n - 1)


def mean_test(xs, ys):
    """Two-sided p-value that the means of xs and ys differ (Welch's t test); 1.0 with
    fewer than two values on a side."""
    if len(xs) < 2 or len(ys) < 2:
        return 1.0
    va, vb = statistics.variance(xs) / len(xs), statistics.variance(ys) / len(ys)
    gap = statistics.fmean(xs) - statistics.fmean(ys)
    if va + vb == 0:
        return 1.0 if gap == 0 else 0.0
    df = (va + vb) ** 2 / (va ** 2 / (len(xs) - 1) + vb ** 2 / (len(ys) - 1))
    return t_p(gap / math.sqrt(va + vb), df)


def holm(pvalues):
    """Holm's step-down adjusted p-values, in the order given: a family of tests keeps its
    chance of any false flag at most SIGNIFICANT when each adjusted p is held to it."""
    order = sorted(range(len(pvalues)), key=lambda i: pvalues[i])
    adjusted = [1.0] * len(pvalues)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(pvalues) - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def detectable(standard_error, family=1):
    """The smallest true difference a two-sided test of this standard error finds with
    probability POWER, at the level SIGNIFICANT split over a `family` of tests."""
    normal = statistics.NormalDist()
    return (normal.inv_cdf(1 - SIGNIFICANT / (2 * max(1, family)))
            + normal.inv_cdf(POWER)) * standard_error


def percentile(values, q):
    """The q-th percentile (0..100) of values, nearest rank; 0 when empty."""
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[max(1, math.ceil(q / 100 * len(ordered))) - 1]
