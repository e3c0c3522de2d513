"""`atout play` as a terminal game, driven through a real pseudo-terminal:
line editing (Python's readline: the arrows and Delete edit the line),
Ctrl-C offering to save, then `--resume FILE` alone going on with the game;
and the thinking indicator drawn and cleared on a terminal."""

import fcntl
import io
import os
import pty
import re
import select
import signal
import subprocess
import sys
import termios
import time

import pytest
from click.testing import CliRunner

from atout.cli.format import thinking
from atout.cli.main import cli

from test_play_cli import assert_score_said, human_inputs

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")

#: the longest wait for the program's answer (a loaded machine: it only
#: bounds a hang, nothing depends on it)
PATIENCE = 120


def _terminal_session() -> None:
    """In the child, before the program starts: the pty as its controlling
    terminal, SIGINT at its default."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """A command on a pseudo-terminal: ``send`` keys, ``expect`` text."""

    def __init__(self, args, cwd):
        self.master, slave = pty.openpty()
        env = dict(os.environ, TERM="xterm", NO_COLOR="1", ATOUT_PRECOMPILE="0")
        # a session of its own whose controlling terminal is the pty: Ctrl-C
        # there sends SIGINT to the program, as in a terminal (and SIGINT
        # handled as a terminal's program has it: a test run in the
        # background of a shell inherits it ignored)
        self.proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env,
                                     start_new_session=True, preexec_fn=_terminal_session)
        os.close(slave)
        self.seen = ""

    def expect(self, pattern: str) -> str:
        deadline = time.monotonic() + PATIENCE
        while not re.search(pattern, self.seen):
            left = deadline - time.monotonic()
            assert left > 0, f"no {pattern!r} in:\n{self.seen[-2000:]}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    data = os.read(self.master, 4096)
                except OSError:
                    data = b""
                if not data:
                    assert re.search(pattern, self.seen), f"ended without {pattern!r}:\n{self.seen[-2000:]}"
                    break
                self.seen += data.decode("utf-8", "replace")
        return self.seen

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def interrupt(self) -> None:
        """Ctrl-C once the program waits in its prompt. Sent a moment
        earlier (the prompt drawn, the wait for a key not yet begun), the
        signal is only seen at the next key: CPython's readline loop checks
        for signals when its wait is interrupted, not before it starts; a
        person is never that quick, a test on a loaded machine is."""
        self.wait_for_input()
        self.send("\x03")

    def wait_for_input(self) -> None:
        """Until the program sleeps in the kernel waiting for its terminal
        (Linux's /proc: where it sleeps); elsewhere a moment."""
        wchan = f"/proc/{self.proc.pid}/wchan"
        if not os.path.exists(wchan):
            time.sleep(0.5)
            return
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            with open(wchan) as f:
                where = f.read()
            if any(word in where for word in ("select", "poll", "tty_read", "wait_woken")):
                return
            time.sleep(0.01)
        raise AssertionError(f"the program never waited for its terminal (it sleeps in {where!r})")

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=PATIENCE)
        finally:
            self.end()

    def end(self) -> None:
        """Never leave the program behind, whatever the test's outcome."""
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self.master is not None:
            os.close(self.master)
            self.master = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.end()
        return False


def atout(*args):
    return [sys.executable, "-c", "from atout.cli.main import main; main()", *args]


def test_line_editing_ctrl_c_saves_and_resume_goes_on(tmp_path):
    tokens, rnd = human_inputs("belote", 5, 0)
    with Terminal(atout("play", "--game", "belote", "--opponents", "easy", "--seed", "5"), tmp_path) as term:
        play_then_save(term, tokens[0])
    saved = tmp_path / "atout-belote-5.json"
    assert saved.exists()
    result = CliRunner().invoke(cli, ["play", "--resume", str(saved)], input="\n".join(tokens[1:]) + "\n")
    assert result.exit_code == 0, result.output
    assert "resumed" in result.output
    assert_score_said(result.output, rnd, 0)


def play_then_save(term, first):
    term.expect("your call: choose one of")
    # a typo mended with the keys of a line editor: the Left arrow, then
    # Delete removes the stray letter under the cursor
    term.send(first + "x" + "\x1b[D" + "\x1b[3~" + "\r")
    term.expect(r"your turn: play a card.*\n> ")
    assert "unknown card" not in term.seen and "not a choice" not in term.seen
    term.interrupt()                                    # Ctrl-C
    term.expect(r"Save the game before leaving\?")
    term.send("\r")                                     # Enter: the default file
    term.expect("saved to atout-belote-5.json")
    assert term.close() == 0


def test_ctrl_c_then_n_leaves_without_saving(tmp_path):
    with Terminal(atout("play", "--game", "smear", "--opponents", "easy"), tmp_path) as term:
        term.expect("> ")
        term.interrupt()
        term.expect(r"Save the game")
        term.send("n\r")
        term.expect("left without saving")
        assert term.close() == 0
    assert not list(tmp_path.iterdir())
    assert "error" not in term.seen


class FakeTerminal(io.StringIO):
    def isatty(self):
        return True


def test_the_thinking_indicator_is_drawn_then_cleared(monkeypatch):
    monkeypatch.setattr(thinking, "DELAY", 0)
    screen = FakeTerminal()
    with thinking("Your partner is", stream=screen):
        pass
    text = screen.getvalue()
    assert text.startswith("\rYour partner is thinking... ") and text.endswith("\r\x1b[K")
    quiet = io.StringIO()                   # not a terminal: nothing
    with thinking("Your partner is", stream=quiet):
        pass
    assert quiet.getvalue() == ""
