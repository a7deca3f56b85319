"""Progress and its interval exactly as docs/benchmark.md defines them (and the server computes them)."""

from __future__ import annotations

import math
from typing import Dict, List, Optional, Sequence


def progress_of(score: float, random_score: float, strong: float) -> Dict[str, float]:
    """100 x (score - random) / (strong - random), clipped to [0, 100] (`uncapped` unclipped); when strong <=
    random, reaching strong is 100 and anything else 0."""
    if strong <= random_score:
        p = 100.0 if score >= strong else 0.0
        return {"progress": p, "uncapped": p}
    u = 100.0 * (score - random_score) / (strong - random_score)
    return {"progress": min(100.0, max(0.0, u)), "uncapped": u}


def _log_beta_cf(x: float, a: float, b: float) -> float:
    # Lentz's continued fraction for the regularised incomplete beta (Numerical Recipes' betacf)
    tiny, eps = 1e-300, 3e-16
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c if abs(1.0 + aa / c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c if abs(1.0 + aa / c) > tiny else tiny
        de = d * c
        h *= de
        if abs(de - 1.0) < eps:
            break
    return h


def _incomplete_beta(x: float, a: float, b: float) -> float:
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x))
    if x < (a + 1) / (a + b + 2):
        return front * _log_beta_cf(x, a, b) / a
    return 1.0 - front * _log_beta_cf(1 - x, b, a) / b


def student_cdf(t: float, df: float) -> float:
    x = df / (df + t * t)
    tail = 0.5 * _incomplete_beta(x, df / 2, 0.5)
    return 1 - tail if t > 0 else tail


def t_quantile_975(df: int) -> float:
    """The 97.5% quantile of Student's t (the 95% two-sided interval's factor), by bisection on the CDF."""
    lo, hi = 0.0, 1000.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if student_cdf(mid, df) < 0.975:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def mean_interval(values: Sequence[float]) -> Dict[str, Optional[float]]:
    """The mean with its 95% Student-t interval, mean +- t(0.975, n - 1) x s / sqrt(n), clipped to [0, 100]."""
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "low": None, "high": None}
    mean = sum(values) / n
    if n < 2:
        return {"mean": mean, "low": None, "high": None}
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile_975(n - 1) * math.sqrt(var / n)
    return {"mean": mean, "low": max(0.0, mean - half), "high": min(100.0, mean + half)}


def median(xs: List[float]) -> float:
    s = sorted(xs)
    k = len(s) // 2
    return s[k] if len(s) % 2 else (s[k - 1] + s[k]) / 2
