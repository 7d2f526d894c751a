"""An Inis window's email names the reader's cards that may answer it now, as their legal plays list
them (each card's own conditions checked, I49-I50), in the reader's language: not every card of theirs
that answers such a kind of moment."""
from __future__ import annotations

from flask import Flask, render_template

from inis_helpers import GAME, act, turn_of
from tain.mail.messages import word_of
from tain.wording import with_language
from test_inis_windows import with_rules

ASK = {"bob": [{"window": "announced", "then": "ask"}]}


def announced(hands: dict[str, list[str]], play: dict) -> dict:
    """Ann's Season turn, Bob asked in every window of an announced card, after Ann's `play`."""
    return act(with_rules(hands, ASK), "ann", play)


def decision(app: Flask, state: dict, player: str, language: str = "en") -> str:
    """What the email asks `player`, as the sender writes it from their view and their legal moves."""
    with app.app_context(), with_language(language):
        return render_template("games/inis/email_decision.txt", view=GAME.view(state, player),
                               legal=GAME.legal_actions(state, player), word=word_of("inis"))


def test_of_two_cards_that_answer_an_announcement_only_the_one_that_answers_this_card_is_named(app):
    state = announced({"ann": ["children-of-dana"], "bob": ["geis", "the-dagda"], "cat": []},
                      {"type": "play", "card": "children-of-dana", "territory": "plains"})
    assert GAME.view(state, "bob")["step"] == "window"
    said = decision(app, state, "bob")
    assert "Your cards that can answer it now: The Dagda.\n" in said  # Geis answers an Action card only
    assert "Your hand: Geis, The Dagda." in said
    italian = decision(app, state, "bob", "it")
    assert "Le tue carte che possono rispondere ora: Il Dagda.\n" in italian, italian


def test_a_reader_asked_without_a_card_that_may_answer_is_told_they_can_only_let_it_pass(app):
    state = announced({"ann": ["new-clans"], "bob": ["bard"], "cat": []},
                      {"type": "play", "card": "new-clans", "place": {"valley": 2}})
    assert GAME.legal_actions(state, "bob") == [{"type": "decline"}]
    said = decision(app, state, "bob")
    assert "None of your cards can answer it now: you can only let it pass.\n" in said
    assert "can answer it now:" not in said.replace("None of your cards can answer it now:", "")
    assert "Nessuna delle tue carte può rispondere ora" in decision(app, state, "bob", "it")


def asked(app: Flask, state: dict, player: str, language: str = "en") -> str:
    """The subject of the email that asks `player` (email_asked.txt), in their language."""
    with app.app_context(), with_language(language):
        return render_template("games/inis/email_asked.txt", view=GAME.view(state, player),
                               word=word_of("inis")).strip()


def test_a_window_about_the_readers_own_clans_speaks_to_them_and_names_what_removes_them(app):
    rules = {"bob": [{"window": "clan-removed", "then": "ask"}]}
    state = act(turn_of("ann", hands={"ann": ["new-alliance"], "bob": ["the-dagdas-club"], "cat": []},
                        clans={"valley": {"ann": 1, "bob": 2}, "cove": {"cat": 1}},
                        extra=lambda board: board["standing"].update(rules)),
                "ann", {"type": "play", "card": "new-alliance", "replace": {"player": "bob", "territory": "valley"}})
    assert GAME.view(state, "bob")["window"]["kind"] == "clan-removed"
    assert asked(app, state, "bob") == "New Alliance is about to remove clans of yours in Valley: answer?"
    assert asked(app, state, "bob", "it").endswith(": rispondi?") and "tuoi clan" in asked(app, state, "bob", "it")


def test_a_window_at_the_end_of_the_readers_own_turn_speaks_to_them(app):
    state = act(with_rules({"ann": ["new-clans", "oenguss-ploy"], "bob": [], "cat": []},
                           {"ann": [{"window": "turn-end", "then": "ask"}]}),
                "ann", {"type": "play", "card": "new-clans", "place": {"valley": 2}})
    assert GAME.view(state, "ann")["window"]["kind"] == "turn-end"
    assert asked(app, state, "ann") == "Your turn is over: answer?"
    assert asked(app, state, "ann", "it") == "Il tuo turno è finito: rispondi?"
    with app.app_context():
        page = render_template("games/inis/_window.html", view=GAME.view(state, "ann"), me="ann", names={})
    assert page.startswith("A Triskel moment: your turn is over.")
