"""The `atout` command run in-process for the tests: ``run(capsys, *args)``
gives (exit code, stdout, stderr), as a shell would see them."""

import pytest

from atout.cli.main import main


def run(capsys, *args):
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
        raise SystemExit(0)
    out = capsys.readouterr()
    return exit_info.value.code or 0, out.out, out.err
