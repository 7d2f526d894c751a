"""The play form's `version`: only ASCII digits of a sensible length are a version; anything else is an
incomplete form (a clear message, nothing done), never a 500."""
from __future__ import annotations

import pytest

from bad_input_support import database_rows
from support import csrf_of, new_game, token
from tain.web.play_context import IncompleteForm, version_from_form


@pytest.mark.parametrize("text", ["①", "²", "٣", "9" * 5000, "1" * 10, " 1", "1 ", "+1", "-1", "0x1", "1_0", ""])
def test_a_version_that_is_not_plain_ascii_digits_is_incomplete(text):
    with pytest.raises(IncompleteForm):
        version_from_form({"version": text})


@pytest.mark.parametrize("text, version", [("0", 0), ("17", 17), ("007", 7), ("999999999", 999_999_999)])
def test_a_version_in_ascii_digits_is_read(text, version):
    assert version_from_form({"version": text}) == version


@pytest.mark.parametrize("version", ["①", "²", "9" * 5000])
def test_the_page_refuses_such_a_version_and_changes_nothing(client, app, version):
    with app.app_context():
        ann = token(new_game(), "Ann")
    csrf = csrf_of(client.get(f"/play/{ann}").text)
    before = database_rows(app)
    response = client.post(f"/play/{ann}", data={"csrf_token": csrf, "version": version,
                                                 "action": '{"type": "pass"}'})
    assert response.status_code == 303
    assert "That form was incomplete, so nothing was done." in client.get(f"/play/{ann}").text
    assert database_rows(app) == before
