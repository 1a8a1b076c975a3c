"""Run every benchmark in bench/: each bench_*.py, then the load benchmark (load.py).

Each prints its own figures and baseline.
"""

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    """Run the benchmarks one after another and stop at the first failure."""
    # The load benchmark last: it serves the whole site, and takes the longest.
    for script in [*sorted(HERE.glob("bench_*.py")), HERE / "load.py"]:
        print(f"== {script.name}", flush=True)
        result = subprocess.run([sys.executable, str(script)], cwd=HERE.parent, check=False)
        if result.returncode:
            return result.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
