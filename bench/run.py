"""Run every benchmark in bench/: each bench_*.py, then the load benchmark (load.py), twice.

Each prints its own figures and baseline.
"""

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    """Run the benchmarks one after another and stop at the first failure."""
    # The load benchmark last: it serves the whole site, and takes the longest; once with the
    # real catalogue, once at scale (50,000 cards, 20,000 decks).
    runs = [[script] for script in sorted(HERE.glob("bench_*.py"))]
    runs += [[HERE / "load.py"], [HERE / "load.py", "--scale"]]
    for script, *args in runs:
        print(f"== {' '.join([script.name, *args])}", flush=True)
        command = [sys.executable, str(script), *args]
        result = subprocess.run(command, cwd=HERE.parent, check=False)
        if result.returncode:
            return result.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
