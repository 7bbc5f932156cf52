"""Classroom tools: the notebook runner, exercise generation, grading, homework and the student release."""
