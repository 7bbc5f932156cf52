"""Chapter 0's material: the checks of the introduction's exercises (no puzzle of its own)."""
