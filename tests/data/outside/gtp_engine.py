"""A tiny GTP engine for tests: plays the first free cell of a 3 x 3 board (our tic-tac-toe notation).

    python gtp_engine.py [--startup S] [--setup S] [--silent] [--record FILE] [--resign] [--swap] [--whole-seconds]
                         [--chatty] [--row-col] [--buffered] [--one-newline] [--no-time] [--hang] [--from N] [--babble]
                         [--square N] [--crash] [--log-commands] [--hold FILE] [--huge]

--startup S: sleep S seconds before answering anything (an engine loading its book);
--setup S: sleep S seconds before answering each boardsize and clear_board (an engine loading
what the board needs, as ours loads its kernels); --hold FILE: answer each boardsize and clear_board
only once FILE is not there (a set-up as long as a test wants);
--silent: never answer; --record FILE: append every command received, and the working
directory, to FILE; --resign: answer genmove with resign; --swap: answer genmove with swap;
--whole-seconds: refuse a time_settings that is not in whole seconds (as the protocol writes them).
--chatty: print a line of debugging text on standard output before each genmove's answer (a
student's print left in); --row-col: answer genmove with the cell as "row col" from 0 ("0 0" for a1);
--buffered: never flush its answers (a C engine's printf to a pipe without fflush: nothing arrives);
--one-newline: end each answer with one newline, not the empty line GTP asks for.
--no-time: refuse time_left (as engines without a clock do); --hang: never answer a genmove (a
search that never ends); --from N: --chatty, --row-col, --crash and --hang only from its Nth genmove on
(the moves before are good ones), so a forfeit comes in the middle of a game.
--babble: answer every command with a line of chat and nothing after it, no GTP answer at all (a
student's engine printing its own prompts to standard output).
--square N: an engine of N x N boards alone, that knows no command of ours: any other boardsize
(and every rectangular_boardsize) is refused as an unacceptable size, tabuleiro-options as unknown.
--crash: end with an uncaught IndexError (a Python traceback) at a genmove (from the Nth on,
with --from N); --log-commands: write every command received to its error stream, as a student's
engine logs what it is told.
--huge: answer genmove with a line of 100 MB (a student's engine printing its whole search).
It writes a line to its error stream for every genmove.
"""

import os
import sys
import time

args = sys.argv[1:]
record = args[args.index("--record") + 1] if "--record" in args else None
if "--startup" in args:
    time.sleep(float(args[args.index("--startup") + 1]))
if record:
    with open(record, "a") as f:
        f.write(f"cwd {os.getcwd()}\n")
cells = [c + r for c in "abc" for r in "123"]
taken = set()
asked = 0  # genmoves so far
first_wrong = int(args[args.index("--from") + 1]) if "--from" in args else 1
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if record:
        with open(record, "a") as f:
            f.write(line)
    if "--silent" in args:
        continue
    if "--babble" in args:
        print(f"hello! you said {words[0]}", flush=True)
        continue
    command = words[0]
    answer = ""
    if "--log-commands" in args:
        print(f"received: {line.strip()}", file=sys.stderr, flush=True)
    if command == "name":
        answer = "Test Engine"
    elif command == "protocol_version":
        answer = "2"
    elif "--square" in args and (command == "rectangular_boardsize"
                                 or (command == "boardsize" and words[1:] != [args[args.index("--square") + 1]])):
        print("? unacceptable size\n", flush=True)
        continue
    elif command == "tabuleiro-options" and "--square" in args:
        print("? unknown command\n", flush=True)
        continue
    elif command in ("clear_board", "boardsize"):
        if "--setup" in args:
            time.sleep(float(args[args.index("--setup") + 1]))
        while "--hold" in args and os.path.exists(args[args.index("--hold") + 1]):
            time.sleep(0.02)
        taken.clear()
    elif command == "play":
        taken.add(words[2].lower())
    elif command == "genmove":
        print("genmove asked", file=sys.stderr, flush=True)
        asked += 1
        wrong = asked >= first_wrong  # --chatty, --row-col and --hang from now on
        if "--crash" in args and wrong:
            cells[len(cells)]  # the student's off-by-one: IndexError
        if "--hang" in args and wrong:
            time.sleep(3600)
        if "--chatty" in args and wrong:
            print(f"thinking... {9 - len(taken)} cells free", flush=True)
        if "--huge" in args:
            answer = "x" * (100 * 2**20)
        elif "--resign" in args:
            answer = "resign"
        elif "--swap" in args:
            answer = "swap"
        else:
            answer = next(c for c in cells if c not in taken)
            taken.add(answer)
            if "--row-col" in args and wrong:
                answer = f"{int(answer[1]) - 1} {ord(answer[0]) - ord('a')}"
    elif command == "time_settings" and "--whole-seconds" in args and not all(w.isdigit() for w in words[1:]):
        print("? syntax error\n", flush=True)
        continue
    elif command == "time_left" and "--no-time" in args:
        print("? unknown command\n", flush=True)
        continue
    sys.stdout.write(f"= {answer}\n" if "--one-newline" in args else f"= {answer}\n\n")
    if "--buffered" not in args:
        sys.stdout.flush()
    if command == "quit":
        break
