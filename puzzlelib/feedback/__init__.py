"""Feedback: the machinery of the exercise checks (boards tried, rules broken, verdicts logged)."""
