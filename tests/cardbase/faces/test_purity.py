"""The face modules import no Django: a face is drawn from the rules alone."""

import subprocess
import sys

from tests.purity import REPO


def test_module_does_not_import_django():
    code = (
        "import sys, cardbase.faces.layout, cardbase.faces.paint; "
        "print(any(m.split('.')[0] == 'django' for m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
