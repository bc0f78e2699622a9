"""Tables without a window: `main.py host` runs a hosted game, `main.py join` plays one
seat of it with a computer player. For tests and for designers.

Both print, as their last line, the final scores and the winner in the same words (`score_line`) and
exit 0 when the game ends; a refusal (a wrong code, a full table, another version) is
one line on standard error and exit status 1; a bad argument (an address, a code or a
name the protocol refuses) one line and exit status 2, before anything is sent. A joined
screen plays once per position the host numbers, and never plays again on a refusal:
the host's next update is what it answers. The host's own loop runs on the calling
thread: it takes what the network thread hands over (game.net.link), lets the
HostTable answer, and runs its computer players on a worker thread, so it never waits
on a computer while screens talk to it.
"""
import queue
import random
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from game import registry
from game.arguments import program
from game.bots import LEVELS, make_bot
from game.net import host as hosting
from game.net import protocol as wire
from game.net.client import ClientTable
from game.net.link import Client, Server

TICK = 0.25              # seconds between the host's checks of time (join code, stand-ins)
RETRY = 0.5              # seconds between a joined screen's attempts to reach the host again


class Failed(Exception):
    """A headless table cannot go on; the message says why in one line. `status` is the
    exit status: 1 (refused, or lost), 2 (a bad argument)."""

    def __init__(self, message, status=1):
        super().__init__(message)
        self.status = status


def score_line(names, scores, winners):
    """The last line both commands print: 'final scores: Maya 12, Theo 7; winner: Maya'
    (the scores alone do not say it: in KTU the lowest wins)."""
    won = " and ".join(names[seat] for seat in winners)
    return ("final scores: " + ", ".join(f"{name} {score}" for name, score in zip(names, scores))
            + (f"; {'winners' if len(winners) > 1 else 'winner'}: {won}" if won else "; no winner"))


def parse_seats(text, info):
    """A host's seats from 'remote,remote,medium': the plan (host.REMOTE or a level);
    ValueError naming what is wrong."""
    plan = [word.strip().lower() for word in text.split(",")]
    for word in plan:
        if word != hosting.REMOTE and word not in LEVELS:
            raise ValueError(f"--seats: {word!r} is neither remote nor a level "
                             f"({', '.join(LEVELS)})")
    if hosting.REMOTE not in plan:
        raise ValueError("--seats: name at least one remote seat, for a person who joins")
    registry.resolve_options(info, len(plan))
    return plan


def computer_names(plan):
    """Names for the computer seats: 'Computer', or 'Computer 1', 'Computer 2' when several."""
    computers = [s for s, kind in enumerate(plan) if kind != hosting.REMOTE]
    return {seat: "Computer" if len(computers) == 1 else f"Computer {n}"
            for n, seat in enumerate(computers, 1)}


class HostRun:
    """A hosted game run to its end without a window."""

    def __init__(self, table, server, new_session, say, show_moves=False):
        self.table = table
        self.server = server
        self.new_session = new_session
        self.say = say
        self.show_moves = show_moves
        self.workers = ThreadPoolExecutor(1, thread_name_prefix="computer")
        self.thinking = None
        self.bots = {}
        self.shown = 0

    def run(self):
        """Serve until the game is over; returns the final scores' line."""
        try:
            while not self.table.over():
                try:
                    item = self.server.inbox.get(timeout=TICK)
                except queue.Empty:
                    item = None
                while item is not None:            # all that came, then the time's checks
                    self.send(self.handle(item))
                    try:
                        item = self.server.inbox.get_nowait()
                    except queue.Empty:
                        item = None
                self.send(self.table.tick(time.monotonic()))
                if self.table.ready():
                    self.send(self.table.start(self.new_session(self.table.names), time.monotonic()))
                    self.say(f"The game begins: {', '.join(self.table.names)}")
                self.show()
                self.think()
            self.send([hosting.Out(conn, None, "the game is over") for conn in list(self.table.screens)])
        finally:
            self.workers.shutdown(wait=False, cancel_futures=True)
        state = self.table.session.state
        return score_line(self.table.names, state.scores(), state.winners())

    def send(self, outs):
        """Send the table's answers; a move they carry is saved once they are written."""
        self.table.send(self.server, outs)

    def handle(self, item):
        kind, rest = item[0], item[1:]
        if kind == "computer":
            self.thinking = None
            return self.table.computer_move(*rest)
        before = self.table.seat_words()
        if kind == "opened":
            outs = self.table.opened(*rest)
        elif kind == "message":
            outs = self.table.received(*rest)
        else:
            outs = self.table.closed(*rest)
        self.tell_seats(before)
        return outs

    def tell_seats(self, before):
        for seat, (was, now) in enumerate(zip(before, self.table.seat_words())):
            name = self.table.names[seat] or f"seat {seat + 1}"
            if now == wire.HERE and was != wire.HERE:
                self.say(f"{name} joined (seat {seat + 1})")
            elif was == wire.HERE and now != wire.HERE:
                self.say(f"{name} left (seat {seat + 1})")

    def show(self):
        """With show_moves, print each move applied since last time."""
        session = self.table.session
        if session is None or not self.show_moves:
            return
        for seat, action in session.submitted[self.shown:]:
            self.shown += 1
            self.say(f"{self.shown:>4}. {self.table.names[seat]}: {action}")

    def think(self):
        """Start the computer player whose turn it is, on the worker thread."""
        turn = self.table.to_move()
        if turn is None or turn.level is None or self.thinking == self.table.version:
            return
        self.thinking = move = self.table.version
        state = self.table.session.state
        view, legal = state.view(turn.seat), state.legal_actions()
        if turn.level not in self.bots:
            self.bots[turn.level] = make_bot(turn.level, self.table.info.id, options=self.table.options)
        bot = self.bots[turn.level]
        rng = random.Random(hash((self.table.session.seed, len(state.history), turn.seat)))

        def work():
            self.server.inbox.put(("computer", move, bot.choose(view, legal, rng)))
        self.workers.submit(work)


def host_command(args, new_session, resume_session, say=print):
    """`main.py host`: returns the exit status. `new_session(game_id, names, plan, options,
    seed)` and `resume_session()` make the Session (the app's, with the user's folders);
    Failed for what stops it, in one line."""
    if args.resume:
        session = resume_session()
        plan = [hosting.REMOTE if seat.human else seat.level for seat in session.seats]
        if hosting.REMOTE not in plan:
            raise Failed("the saved game has no person's seat to join")
        game_id, options, names = session.game_id, session.options, [s.name for s in session.seats]
    else:
        if args.game is None:
            raise Failed("name a game, or --resume the saved one", 2)
        try:
            info = registry.game_info(args.game)
            plan = parse_seats(args.seats, info)
            _, options = registry.resolve_options(info, len(plan), dict(args.option))
        except ValueError as error:
            raise Failed(str(error), 2) from None
        session, game_id = None, info.id
        names = [computer_names(plan).get(seat) for seat in range(len(plan))]
    code = args.code or wire.new_code()
    try:
        listen = wire.check_host(args.listen)
    except ValueError as error:
        raise Failed(f"--listen: {error}", 2) from None
    try:
        table = hosting.HostTable(game_id, options, plan, names, code, stand_in_after=args.stand_in)
    except ValueError as error:
        raise Failed(f"--code: {error}", 2) from None
    server = Server()
    try:
        port = server.start(listen, args.port)
    except OSError as error:
        server.end()
        raise Failed(f"cannot listen on {args.listen}:{args.port} ({error.strerror or error})") from None
    try:
        title = table.info.title
        say(f"Hosting {title} on {args.listen} port {port}, join code {code}", flush=True)
        if session is not None:
            table.start(session, time.monotonic())
            say(f"Resumed the saved game after {len(session.state.history)} moves: waiting for "
                f"{', '.join(n for n, k in zip(names, plan) if k == hosting.REMOTE)} to join again",
                flush=True)

        def make(joined):
            levels = [None if kind == hosting.REMOTE else kind for kind in plan]
            return new_session(game_id, joined, levels, options, args.seed)
        line = HostRun(table, server, make, say, args.moves).run()
    finally:
        server.stop("the host stopped")
    problem = table.session.problem
    if problem:
        say(problem)
    say(line)
    return 0


def join_command(args, say=print):
    """`main.py join`: plays one seat with a computer player to the game's end; returns
    the exit status. Failed for a bad argument (status 2), a refusal or a host that stays
    away (status 1), in one line."""
    try:
        host, port = wire.parse_address(args.address)
    except ValueError as error:
        raise Failed(str(error), 2) from None
    if len(args.code) > wire.CODE_TYPED:
        raise Failed(f"--code: at most {wire.CODE_TYPED} characters, got {len(args.code)}", 2)
    if not args.name.strip():
        raise Failed("--name: give a name, e.g. --name Maya", 2)
    try:
        name = wire.normal_name(args.name)
    except ValueError as error:
        raise Failed(f"--name: {error}", 2) from None
    if name != " ".join(args.name.split()):
        raise Failed(f"--name: {args.name!r} would be shown as {name!r}: a name has at most "
                     f"{wire.NAME_LENGTH} letters, digits, spaces or common signs", 2)
    table = ClientTable(args.code, name)
    rng = random.Random(args.seed)
    bot = None
    played = None        # the position this screen last played in: once per position
    lost = None          # when the connection was lost, while trying again
    client = Client()
    client.start(host, port)
    try:
        while True:
            item = client.inbox.get()
            if item[0] == "opened":
                lost = played = None          # a move sent before a drop may never have arrived
                client.send(table.hello())
                continue
            if item[0] == "closed":
                if table.refusal == wire.CROWDED and table.welcome is None:
                    table.refusal, table.final = None, False    # no fault of its own: again
                elif table.final or table.welcome is None:
                    raise Failed(table.refusal or item[1])
                if table.over:
                    break
                now = time.monotonic()
                if lost is None:
                    lost = now
                    say(f"Lost the host ({item[1]}): trying again for {args.wait:g} seconds", flush=True)
                elif now - lost > args.wait:
                    raise Failed(f"the host stayed away for {args.wait:g} seconds ({item[1]})")
                time.sleep(RETRY)
                client.end()
                client = Client()
                client.start(host, port)
                continue
            try:
                message = table.received(item[1])
            except wire.ProtocolError as error:
                raise Failed(f"the host sent a message this app cannot read: {error}") from None
            if isinstance(message, wire.Welcome):
                say(f"Joined {table.info.title} as {table.name} (seat {table.seat + 1} of "
                    f"{table.welcome.players})", flush=True)
                if bot is None:
                    bot = make_bot(args.bot, table.info.id, options=table.welcome.options)
            elif isinstance(message, wire.Refused) and not message.final:
                say(f"The host refused a move: {message.reason}", flush=True)
            if table.over:
                break
            if isinstance(message, wire.Update) and table.legal and played != table.move:
                played = table.move
                action = bot.choose(table.view, table.legal, rng)
                if args.moves:
                    say(f"{table.name}: {action}", flush=True)
                client.send(table.act(action))
    finally:
        client.stop()
    say(score_line(table.names, table.view.scores, table.view.winners))
    return 0


def fail(command, error, stream=sys.stderr):
    """Print a headless command's one-line failure; its exit status."""
    print(f"{program()} {command}: error: {error}", file=stream)
    return getattr(error, "status", 1)
