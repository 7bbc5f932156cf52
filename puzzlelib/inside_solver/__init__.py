"""Chapter 10's material: branch and bound by hand, Gomory cuts, the tree drawn, and its checks."""
