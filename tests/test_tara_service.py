"""Tara through the whole service: a match by emailed links over a real SMTP server, the player's
page (clickable places matching the legal actions, the bridge-move list, level 2 skips, acting,
stale clicks), the JSON API, the emails' words, the CLI and the admin dashboard."""
from __future__ import annotations

import json
import re
from collections import deque
from datetime import datetime, timedelta, timezone
from html import unescape
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask.testing import FlaskClient

from admin_support import PASSWORD, act, log_in
from support import LINK_RE, NOW, csrf_of, new_tara_game, outbox, play_tara_until, text_of, token
from tain import transactions
from tain.extensions import db
from tain.games import get_game
from tain.services.letters import send_pending
from tain.models import ActionRecord, Game
from tain.services.deadlines import run_due_games
from tain.services.games import check_game
from tain.services.links import seat_from_token
from tain.services.play import seat_snapshot, submit

ENGINE = get_game("tara")
PLAYERS = {"ann@example.org": "Ann", "bob@example.org": "Bob"}
H = timedelta(hours=1)
FORM_RE = re.compile(r"<form\b.*?</form>", re.S)
TAIN_WORDS = re.compile(r"\b(cows?|jewels?|raids?|raiding|scout\w*|guard\w*|chieftains?|warriors?|bluffs?|clans?)\b", re.I)


def move_forms(html: str) -> dict[str, str]:
    """The page's move forms: each action it can send (as the form's JSON) → the form's HTML."""
    forms = {}
    for form in FORM_RE.findall(html.split('<section class="settings"')[0]):
        for value in re.findall(r'(?:name="action" value|<option value)="([^"]+)"', form):
            forms[unescape(value)] = form
    return forms


def form_field(form: str, name: str) -> str:
    return unescape(re.search(rf'name="{name}" value="([^"]*)"', form)[1])


def key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


# ----- a whole match by email ------------------------------------------------------------------------

@pytest.mark.one_database
def test_a_whole_tara_match_by_email(smtp_server, runner, client):
    result = runner.invoke(args=["tain", "new-game", "--game", "tara", "--first-player", "Ann", "--seed", "5",
                                 *[arg for address, name in PLAYERS.items() for arg in ("--player", f"{name} <{address}>")]])
    assert result.exit_code == 0, result.output
    game_id = int(result.output.strip().splitlines()[-1])
    bots = {name: ENGINE.make_bot(n) for n, name in enumerate(PLAYERS.values())}
    seen, moves = 0, 0
    calls = deque()  # (player, token) from each email that says it is their move

    def read_new_mail() -> None:
        nonlocal seen
        send_pending()
        for message in smtp_server.messages[seen:]:
            assert message["Subject"].strip().startswith(f"[Tara #{game_id}] ")  # a long one is folded
            text = text_of(message)
            assert not TAIN_WORDS.search(message["Subject"] + text), message["Subject"]
            if "your move" in message["Subject"] or "It is your move" in text:
                calls.append((PLAYERS[message["To"]], LINK_RE.search(text)[1]))
        seen = len(smtp_server.messages)

    read_new_mail()
    assert sorted(m["Subject"].strip() for m in smtp_server.messages) == [
        f"[Tara #{game_id}] You are invited to play with Ann", f"[Tara #{game_id}] You are invited to play with Bob"]
    assert [player for player, _ in calls] == ["Ann"]
    while calls:
        player, link = calls.popleft()
        while True:
            page = client.get(f"/play/{link}")
            assert page.status_code == 200 and player in page.text
            snapshot = client.get(f"/api/v1/play/{link}").get_json()  # the page's own JSON
            if not snapshot["legal_actions"]:
                break
            action = bots[player].choose(snapshot["view"], snapshot["legal_actions"])
            if action["type"] == "move-bridge":  # two clicks on the board: the bridge, then where it goes
                page = client.get(f"/play/{link}?pick={action['from']}")
            form = move_forms(page.text)[key(action)]  # the page offers the bot's choice
            response = client.post(f"/play/{link}", data={
                "csrf_token": csrf_of(form), "version": form_field(form, "version"), "action": key(action)})
            assert response.status_code == 303
            assert client.get(f"/api/v1/play/{link}").get_json()["game"]["version"] == snapshot["game"]["version"] + 1
            moves += 1
            read_new_mail()
        assert moves < 1000

    game = db.session.get(Game, game_id)
    assert game.over and check_game(game) == [] and moves == game.version
    view = ENGINE.view(game.state, None)
    assert len(view["results"]) == 2 and [r["first"] for r in view["results"]] == ["Ann", "Bob"]
    for address, name in PLAYERS.items():
        mails = smtp_server.to(address)
        subjects = [m["Subject"].strip() for m in mails]
        for number in (1, 2):
            assert any(re.fullmatch(rf"\[Tara #{game_id}\] Game {number} of 2, (manoeuvres|battle), after "
                                    rf"\w+'s [a-z -]+ [A-G][1-7].*: your move", s) for s in subjects), subjects
        assert all(one != next_one for one, next_one in zip(subjects, subjects[1:]))  # never twice in a row
        winner_1 = view["results"][0]["winner"]
        assert any(s.startswith(f"[Tara #{game_id}] Game 1: {winner_1} wins") for s in subjects)
        assert subjects[-1] == f"[Tara #{game_id}] Final scores" and subjects.count(subjects[-1]) == 1
        body = text_of(mails[-1])
        assert "Final scores:" in body and f"Game 2: {view['results'][1]['winner']} wins" in body
        if len(view["winners"]) == 1:
            assert f"{view['winners'][0]} wins the match." in body
        for player in PLAYERS.values():
            assert f"{player}{' (you)' if player == name else ''}: {view['scores'][player]} points" in body
        root = mails[0]["Message-ID"]  # one thread per game and seat
        assert all(m["In-Reply-To"] == root and root in m["References"] for m in mails[1:])
        assert len({m["Message-ID"] for m in mails}) == len(mails)


# ----- the player's page: the board's clickable places match the legal actions --------------------

CELL_RE = re.compile(r'<div class="tara__cell tara__(hole|bridge-h|bridge-v) ([^"]*)" title="([A-G][1-7](?:-[A-G][1-7])?):')


def cells(html: str) -> dict[str, dict[str, Any]]:
    """Every hole and bridge slot of the drawn board: its kind, whether it is highlighted, its move."""
    grid = html[html.index('class="tara__grid"'):html.index('class="tara__axes"')]
    found = list(CELL_RE.finditer(grid))
    board = {}
    for match, after in zip(found, found[1:] + [None]):
        chunk = grid[match.start():after.start() if after else len(grid)]
        action = re.search(r'name="action" value="([^"]+)"', chunk)
        board[match[3]] = {"kind": match[1], "open": "tara__cell--open" in match[2],
                           "action": json.loads(unescape(action[1])) if action else None}
    return board


def clickable(html: str) -> dict[str, dict[str, Any]]:
    return {name: cell["action"] for name, cell in cells(html).items() if cell["action"]}


PICK_RE = re.compile(r'href="\?pick=([A-G][1-7]-[A-G][1-7])#board-title"')


def bridge_moves_on_the_board(client: FlaskClient, game: Game, name: str, html: str) -> list[dict[str, Any]]:
    """Every bridge move the board offers (tain.web.game_pages.tara): each movable enemy bridge is a link
    picking it, and the page with it picked has a button on each slot it may go to (and nothing else)."""
    moves = []
    for source in PICK_RE.findall(html):
        picked = page_of(client, game, name, f"?pick={source}")
        assert re.search(rf'tara__cell--picked" title="{source}:', picked)  # the bridge picked shows
        offered = clickable(picked)
        assert all(a["type"] == "move-bridge" and a["from"] == source and a["to"] == place for place, a in offered.items())
        assert {place for place, cell in cells(picked).items() if cell["open"]} == set(offered)
        moves += offered.values()
    return moves


def page_of(client: FlaskClient, game: Game, name: str, query: str = "") -> str:
    response = client.get(f"/play/{token(game, name)}{query}")
    assert response.status_code == 200
    return response.text


def to_move(game: Game) -> str:
    return ENGINE.to_act(game.state)[0]


def legal(game: Game, name: str) -> list[dict[str, Any]]:
    return seat_snapshot(game.seat_named(name))["legal_actions"]


def check_the_page_offers_exactly_the_legal_actions(client: FlaskClient, game: Game) -> dict[str, Any]:
    """The player to move: one clickable place per legal build, swap or link (highlighted), the bridge
    moves on the board, the skip buttons; the other player: nothing to click, nothing highlighted."""
    mover = to_move(game)
    actions = legal(game, mover)
    html = page_of(client, game, mover)
    board = cells(html)
    assert len(board) == 45 + 76  # 45 holes and every adjacent pair's bridge slot
    places = {(a.get("square") or a.get("pair")): a for a in actions if a["type"] != "move-bridge" and not a.get("skip")}
    assert clickable(html) == places
    assert {name for name, cell in board.items() if cell["open"]} == set(places)
    for name, action in places.items():
        assert (board[name]["kind"] == "hole") == (action["type"] in ("build", "swap"))
    assert sorted(map(key, bridge_moves_on_the_board(client, game, mover, html))) == \
        sorted(key(a) for a in actions if a["type"] == "move-bridge")
    skips = [a for a in actions if a.get("skip")]
    assert len(re.findall(r'name="action" value="[^"]*skip', html)) == len(skips)
    other = page_of(client, game, next(p for p in PLAYERS.values() if p != mover))
    assert clickable(other) == {} and not any(cell["open"] for cell in cells(other).values())
    assert not PICK_RE.search(other)
    assert "Your move." not in other and f"Waiting for {mover}" in other
    return {"html": html, "actions": actions, "mover": mover}


def play_one(game: Game, choose=None) -> None:
    """The bot's move (or `choose(legal)`) for whoever is to move, through the service."""
    mover = to_move(game)
    snapshot = seat_snapshot(game.seat_named(mover))
    action = choose(snapshot["legal_actions"]) if choose else ENGINE.make_bot(game.version).choose(
        snapshot["view"], snapshot["legal_actions"])
    submit(game.seat_named(mover), action, now=NOW)
    db.session.refresh(game)


def test_each_build_step_offers_exactly_the_legal_holes(client, app):
    game = new_tara_game()
    first = check_the_page_offers_exactly_the_legal_actions(client, game)
    assert first["mover"] == "Ann" and len(clickable(first["html"])) == 45  # the first build: anywhere (T5)
    assert "Build a ringfort on a highlighted hole" in first["html"]
    for _ in range(12):
        play_one(game)
        seen = check_the_page_offers_exactly_the_legal_actions(client, game)
        assert all(a["type"] == "build" for a in seen["actions"])
        assert "Build a ringfort on a highlighted hole" in seen["html"]


def test_the_battle_steps_offer_exactly_the_legal_swaps_links_and_bridge_moves(client, app):
    game = new_tara_game()
    play_tara_until(game, lambda view: view["phase"] == "battle")
    steps_seen: set[str] = set()
    bridge_lists = 0
    while len(steps_seen) < 3 or bridge_lists < 2:
        assert ENGINE.view(game.state, None)["game_number"] == 1
        step = ENGINE.view(game.state, None)["step"]
        seen = check_the_page_offers_exactly_the_legal_actions(client, game)
        steps_seen.add(step)
        if step == "link":
            assert set(clickable(seen["html"])) == set(ENGINE.view(game.state, None)["linkable"])
            assert all(a["type"] == "link" for a in seen["actions"]) and "click a highlighted bridge slot" in seen["html"]
        else:
            assert {n for n, a in clickable(seen["html"]).items()} == set(ENGINE.view(game.state, None)["swappable"])
        bridge_lists += bool(PICK_RE.search(seen["html"]))
        # move an enemy bridge when that is possible (to see the swap step), else the bot's choice
        play_one(game, lambda actions: next((a for a in actions if a["type"] == "move-bridge"), None)
                 or ENGINE.make_bot(game.version).choose(ENGINE.view(game.state, to_move(game)), actions))
        assert not game.over
    assert steps_seen >= {"start", "swap", "link"} and bridge_lists >= 2


def reach_a_skip(game: Game) -> None:
    """Level 2: build (never skipping) until the player to move may take the skip option (T11)."""
    bot = ENGINE.make_bot(3)
    while not any(a.get("skip") for a in legal(game, to_move(game))):
        snapshot = seat_snapshot(game.seat_named(to_move(game)))
        action = bot.choose(snapshot["view"], [a for a in snapshot["legal_actions"] if not a.get("skip")])
        submit(game.seat_named(to_move(game)), action, now=NOW)
        db.session.refresh(game)
        assert ENGINE.view(game.state, None)["phase"] == "manoeuvre"


def test_level_two_offers_the_skip_as_buttons_and_a_skip_builds_again(client, app):
    game = new_tara_game(options={"level": 2})
    reach_a_skip(game)
    seen = check_the_page_offers_exactly_the_legal_actions(client, game)
    assert "completes the siege" in seen["html"] and "level 2" in seen["html"]
    skip = next(a for a in seen["actions"] if a.get("skip"))
    mover, counters = seen["mover"], ENGINE.view(game.state, None)["counters"][seen["mover"]]
    form = move_forms(seen["html"])[key(skip)]
    assert ENGINE.describe_action(skip, mover) in unescape(form)
    response = client.post(f"/play/{token(game, mover)}", data={
        "csrf_token": csrf_of(form), "version": form_field(form, "version"), "action": key(skip)})
    assert "Your move was recorded." in client.get(response.headers["Location"]).text
    db.session.refresh(game)
    view = ENGINE.view(game.state, None)
    assert view["board"][skip["square"]] == mover and view["to_act"] == [mover]  # the opponent misses a turn
    assert view["counters"][mover] == counters - 1


# ----- acting on the page, and the JSON API ----------------------------------------------------------

def click(client: FlaskClient, game: Game, name: str, place: str, html: str | None = None):
    html = html or page_of(client, game, name)
    form = move_forms(html)[key(clickable(html)[place])]
    return client.post(f"/play/{token(game, name)}", data={
        "csrf_token": csrf_of(form), "version": form_field(form, "version"), "action": key(clickable(html)[place])})


def test_a_click_builds_then_redirects_and_a_stale_second_click_is_refused(client, app):
    game = new_tara_game()
    html = page_of(client, game, "Ann")
    response = click(client, game, "Ann", "D4", html)
    # back to Ann's own page (a token made now may differ from the clicked one in its timestamp)
    assert response.status_code == 303
    signed_now = datetime.now(timezone.utc)  # tokens carry the real time they were signed at
    location = urlsplit(response.headers["Location"])
    assert location.query == "since=0"  # the page tells what the move led to
    assert seat_from_token(location.path.rsplit("/play/", 1)[1], signed_now).name == "Ann"
    after = client.get(response.headers["Location"]).text
    assert "Your move was recorded." in after and "Waiting for Bob" in after
    assert cells(after)["D4"]["action"] is None and "D4: Ann's ringfort with Ann's king" in after
    again = click(client, game, "Ann", "D4", html)  # the same form again, from the old page
    assert again.status_code == 303
    refused = client.get(again.headers["Location"]).text
    assert "The game has moved on" in refused and "Your move was recorded." not in refused
    db.session.refresh(game)
    assert game.version == 1 and ENGINE.view(game.state, None)["board"] == {"D4": "Ann"}


def test_a_swap_then_a_link_by_clicks_completes_the_turn(client, app):
    game = new_tara_game()
    play_tara_until(game, lambda view: view["phase"] == "battle")
    mover = to_move(game)
    html = page_of(client, game, mover)
    square = sorted(clickable(html))[0]
    assert click(client, game, mover, square, html).status_code == 303
    db.session.refresh(game)
    view = ENGINE.view(game.state, None)
    assert view["board"][square] == mover and view["kings"][mover] == square
    if view["to_act"] == [mover]:  # the link step (when an own pair is open)
        html = page_of(client, game, mover)
        assert "Now join two of your ringforts" in html
        pair = sorted(clickable(html))[0]
        click(client, game, mover, pair, html)
        db.session.refresh(game)
        assert ENGINE.view(game.state, None)["bridges"][pair] == mover
    assert ENGINE.view(game.state, None)["step"] == "start" and to_move(game) != mover


def test_the_json_api_serves_and_takes_tara_moves(client, app):
    game = new_tara_game()
    ann, bob = (f"/api/v1/play/{token(game, name)}" for name in ("Ann", "Bob"))
    body = client.get(ann).get_json()
    assert body["view"]["game"] == "tara" and body["view"]["you"] == "Ann" and body["game"]["name"] == "tara"
    assert len(body["legal_actions"]) == 45 and client.get(bob).get_json()["legal_actions"] == []
    assert client.post(ann, json={"action": {"type": "build", "square": "A1"}}).status_code == 400  # no such hole
    assert client.post(bob, json={"action": {"type": "build", "square": "D4"}}).status_code == 409  # not his move
    response = client.post(ann, json={"action": {"type": "build", "square": "D4"}, "version": 0})
    assert response.status_code == 200 and response.get_json()["legal_actions"] == []
    stale = client.post(ann, json={"action": {"type": "build", "square": "E4"}, "version": 0})
    assert stale.status_code == 409 and "moved on" in stale.get_json()["error"]
    bob_legal = client.get(bob).get_json()["legal_actions"]
    assert {a["square"] for a in bob_legal} == {"B2", "B4", "B6", "C3", "C4", "C5", "D2", "D3", "D5", "D6",
                                                  "E3", "E4", "E5", "F2", "F4", "F6"}
    assert client.post(bob, json={"action": bob_legal[0], "version": 1}).status_code == 200
    assert db.session.get(Game, game.id).version == 2


def test_the_final_page_shows_both_games_and_the_match_winner(client, app):
    game = new_tara_game()
    play_tara_until(game, lambda view: view["over"])
    view = ENGINE.view(game.state, None)
    for name in PLAYERS.values():
        html = unescape(page_of(client, game, name))
        assert "The match is over." in html and clickable(html) == {} and 'name="mail_mode"' not in html
        if len(view["winners"]) == 1:
            assert f"{view['winners'][0]} wins the match." in html
        for result in view["results"]:
            assert f"Game {result['game_number']} ({result['first']} began): {result['winner']} wins" in html
            for player in PLAYERS.values():
                assert f"{player}: {result['kingdoms'][player]} kingdom" in html


# ----- the emails' words ------------------------------------------------------------------------------

def test_tara_emails_speak_of_ringforts_not_cattle_and_reminders_say_the_bot_plays(app):
    from tain.services.digests import send_due_digests
    from tain.services.notify import seat_link
    from tain.services.preferences import set_mail_mode

    game = new_tara_game(move_deadline=24 * H, reminder_before=4 * H, options={"games": 1})
    assert run_due_games(NOW + 20 * H).reminders == 1
    reminder = outbox("ann@example.org")[-1]
    assert reminder.kind == "reminder" and reminder.subject.startswith("[Tara #1] Game 1, manoeuvres: your move, until")
    assert "the built-in bot plays your turn" in reminder.body_text and "the built-in bot plays your turn" in reminder.body_html
    set_mail_mode(game.seat_named("Bob"), "digest", now=NOW)
    play_tara_until(game, lambda view: view["phase"] == "battle")
    assert send_due_digests(NOW + 30 * H) == 1
    with transactions.write():
        seat_link(game, ENGINE, game.seat_named("Ann"), now=NOW)
    play_tara_until(game, lambda view: view["over"])
    mails = outbox()
    assert {m.kind for m in mails} == {"invitation", "reminder", "your-move", "digest", "link", "final-scores"}
    for mail in mails:
        words = TAIN_WORDS.findall(" ".join((mail.subject, mail.body_text, unescape(mail.body_html))))
        assert not words, (mail.kind, words)
        assert mail.subject.startswith("[Tara #1] ") and ("ringfort" in mail.body_text or mail.kind in ("invitation", "link", "reminder"))
    final = mails[-1]
    view = ENGINE.view(game.state, None)
    assert final.kind == "final-scores" and f"Game 1: {view['results'][0]['winner']} wins" in final.body_text
    assert ("wins the match." in final.body_text) != (len(view["winners"]) == 2)


def test_a_player_named_script_stays_text_in_tara_emails(app):
    from tain.services.games import create_game, parse_player

    evil = "<script>x</script>"
    game = create_game("tara", [parse_player(f"{evil} <e@example.org>"), parse_player("Bob <bob@example.org>")],
                       now=NOW, seed=2, first_player="Bob", options={"games": 1})
    play_tara_until(game, lambda view: view["over"])
    for mail in outbox():
        assert "<script>" not in mail.body_html


# ----- the command line and the admin dashboard -------------------------------------------------------

def test_new_game_takes_tara_options_and_refuses_bad_ones(runner, app):
    result = runner.invoke(args=["tain", "new-game", "--game", "tara", "--player", "Ann <ann@example.org>",
                                 "--player", "Bob <bob@example.org>", "--option", "level=2", "--option", "games=1"])
    assert result.exit_code == 0, result.output
    game = db.session.get(Game, int(result.output.strip().splitlines()[-1]))
    view = ENGINE.view(game.state, None)
    assert game.options == {"level": 2, "games": 1} and (view["level"], view["games"]) == (2, 1)
    for option, words in (("level=3", "level 1 or 2"), ("colour=red", "colour"), ("level", "name=value")):
        result = runner.invoke(args=["tain", "new-game", "--game", "tara", "--player", "Ann <ann@example.org>",
                                     "--player", "Bob <bob@example.org>", "--option", option])
        assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output
    assert db.session.query(Game).count() == 1


@pytest.fixture
def admin_password(config):
    config["ADMIN_PASSWORD"] = PASSWORD


@pytest.fixture
def admin(admin_password, client):
    assert log_in(client).status_code == 303
    return client


def test_the_admin_creates_a_tara_game_and_shows_its_public_board(admin):
    assert '<option value="tara">Tara</option>' in admin.get("/admin/games/new").text
    response = act(admin, "/admin/games/new", confirm=False, game="tara", players="Ann <ann@example.org>\nBob <bob@example.org>",
                   move_deadline="24h", phase_deadline="48h", first_player="Ann")
    assert response.status_code == 303 and response.location == "/admin/games/1"
    game = db.session.get(Game, 1)
    assert game.game == "tara" and [s.name for s in game.seats] == ["Ann", "Bob"]
    assert [m.subject for m in outbox()] == ["[Tara #1] admin invites you to play with Bob",
                                             "[Tara #1] admin invites you to play with Ann"]
    play_tara_until(game, lambda view: view["phase"] == "battle")
    listing = admin.get("/admin/?status=running").text
    assert "Tara" in listing and "/admin/games/1" in listing
    html = admin.get("/admin/games/1").text
    assert "Tara #1" in html and "The public board" in html
    board = cells(html)
    assert len(board) == 45 + 76 and clickable(html) == {} and not any(c["open"] for c in board.values())
    view = ENGINE.view(game.state, None)
    for square, owner in view["board"].items():
        assert f"{square}: {owner}&#39;s ringfort" in html or f"{square}: {owner}'s ringfort" in html
    first = game.actions[0]
    assert ENGINE.describe_action(first.action, first.player, for_others=True) in html  # the action log, told


def test_export_and_import_a_level_two_tara_game(admin, app):
    game = new_tara_game(options={"level": 2})
    play_tara_until(game, lambda view: view["phase"] == "battle")
    play_one(game)
    data = json.loads(act(admin, "/admin/games/1/export").data)
    assert data["game"] == "tara" and data["options"] == {"level": 2, "first_player": "Ann"}
    assert len(data["actions"]) == game.version
    response = act(admin, "/admin/games/import", confirm=False, text=json.dumps(data))
    assert response.status_code == 303 and response.location == "/admin/games/2"
    copy = db.session.get(Game, 2)
    assert copy.state == db.session.get(Game, 1).state and copy.options == {"level": 2, "first_player": "Ann"}
    assert check_game(copy) == []
    data["actions"][-1]["action"] = {"type": "swap", "square": "A1"}
    refused = act(admin, "/admin/games/import", confirm=False, text=json.dumps(data))
    assert refused.status_code == 400 and f"Action {len(data['actions'])} of the log" in unescape(refused.text)
    data["options"]["level"] = 5
    assert act(admin, "/admin/games/import", confirm=False, text=json.dumps(data)).status_code == 400
    assert db.session.query(Game).count() == 2


def test_the_admins_time_out_mid_turn_completes_the_turn(admin, app):
    game = new_tara_game(move_deadline=24 * H)
    play_tara_until(game, lambda view: view["phase"] == "battle")
    mover = to_move(game)
    play_one(game, lambda actions: next(a for a in actions if a["type"] == "swap"))
    assert ENGINE.view(game.state, None)["step"] == "link"  # mid-turn: the swap made, the link to come
    before = game.version
    assert 'Apply the time-out now' in admin.get("/admin/games/1").text
    response = act(admin, "/admin/games/1/timeout", version=before)
    assert response.status_code == 303
    game = db.session.get(Game, 1)
    db.session.refresh(game)
    records = db.session.query(ActionRecord).filter_by(game_id=1, on_timeout=True).all()
    assert [(r.player, r.action["type"]) for r in records] == [(mover, "link")]
    view = ENGINE.view(game.state, None)
    assert view["step"] == "start" and view["to_act"] != [mover] and game.version == before + 1
    assert "1 player was timed out" in admin.get("/admin/games/1").text
    assert check_game(game) == []


def test_a_battle_turn_keeps_one_deadline_from_its_swap_to_its_link(app):
    """The link step goes on with the turn the swap began: its deadline keeps running."""
    game = new_tara_game(move_deadline=timedelta(hours=24))
    play_tara_until(game, lambda view: view["phase"] == "battle")
    mover, deadline = to_move(game), game.deadline_at
    swap = next(a for a in legal(game, mover) if a["type"] == "swap")
    submit(game.seat_named(mover), swap, now=NOW + timedelta(hours=5))
    db.session.refresh(game)
    assert ENGINE.view(game.state, None)["step"] == "link"  # the board's first bridges are still to come
    assert game.deadline_at == deadline
    submit(game.seat_named(mover), legal(game, mover)[0], now=NOW + timedelta(hours=6))
    db.session.refresh(game)
    assert to_move(game) != mover and game.deadline_at == NOW + timedelta(hours=30)


def test_the_new_game_form_offers_taras_level_and_match_length(client, app):
    form = client.get("/games/new").text
    assert 'name="option_tara_level"' in form and 'name="option_tara_games"' in form
    fields = {"csrf_token": csrf_of(form), "game": "tara", "players": "Ann <ann@example.org>\nBob <bob@example.org>",
              "move_deadline": "24h", "phase_deadline": "48h", "option_tara_level": "2", "option_tara_games": "1"}
    assert client.post("/games/new", data={**fields, "option_tara_level": "3"}).status_code == 400
    assert db.session.scalar(db.select(db.func.count(Game.id))) == 0
    assert client.post("/games/new", data=fields).status_code == 303
    game = db.session.get(Game, 1)
    assert game.options["level"] == 2 and game.options["games"] == 1 and game.state["options"]["level"] == 2


def test_the_admins_new_game_form_takes_taras_options(admin, app):
    page = admin.get("/admin/games/new").text
    fields = {"csrf_token": csrf_of(page), "game": "tara", "players": "Ann <ann@example.org>\nDana (bot)",
              "move_deadline": "24h", "phase_deadline": "48h", "option_tara_level": "2"}
    assert admin.post("/admin/games/new", data=fields).status_code == 303
    game = db.session.get(Game, 1)
    assert (game.options["level"], game.state["options"]["games"]) == (2, 2)


def test_after_a_timed_out_build_with_a_skip_the_subject_says_the_opponent_misses_a_turn(app):
    """T11: a build with a skip makes the opponent miss a turn, so the same player is asked again with
    no new turn of the opponent's to tell: the subject says so, and is never the last one numbered '(2)'."""
    game = new_tara_game(seed=3, move_deadline=24 * H, bot_on_timeout=True, options={"level": 2})
    game_id, at = game.id, NOW
    for _ in range(30):
        at += 25 * H
        run_due_games(at)
        state = db.session.get(Game, game_id).state
        if any(turn[-1].endswith(" skip") for turn in (state["last_turn"] or {}).values()):
            break
    skipper = next(name for name, turn in state["last_turn"].items() if turn[-1].endswith(" skip"))
    other = "Bob" if skipper == "Ann" else "Ann"
    subjects = [m.subject for m in outbox(f"{skipper.lower()}@example.org")]
    assert subjects[-1] == f"[Tara #{game_id}] Game 1 of 2, manoeuvres, {other} misses a turn: your move", subjects[-3:]
    assert not any(subject.endswith(")") for subject in subjects)
