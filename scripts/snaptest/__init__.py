"""What the tests and benchmarks under scripts/ share: xcheck (counted checks and the table's state
for the window tests), waiting (deadlines, stopping processes), weblib (the browser client's host
and phones) and benchlib (CPU, memory and X windows for the figures). Importable with scripts/ on
the path: the test runner's pytest.ini and scripts/bench put it there."""
