# The two commands of the service contract: `make run` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
FLASK := $(BIN)/flask --app app

# The catalogues: translations/<language>/LC_MESSAGES/messages.po under version control, compiled to .mo here.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard translations/*/LC_MESSAGES/messages.po))
# Besides Babel's own keywords (_, gettext, ngettext, N_, …); tests/i18n_support.py reads them from here.
# Nn_ and Np_ are the engines' markers of a plural and of a word in its context (tain/games/base.py).
KEYWORDS := -k lazy_gettext -k lazy_ngettext:1,2 -k Phrase -k Nn_:1,2 -k Np_:1c,2

.PHONY: run test messages

# Re-install only when the requirements change.
$(VENV)/.installed: requirements.txt requirements-dev.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@

%.mo: %.po $(VENV)/.installed
	$(BIN)/pybabel -q compile -i $< -o $@

# Extract every marked string (babel.cfg) and add the new ones, empty, to each catalogue: translate them
# there (none may stay empty or fuzzy: tests/test_i18n_catalogue.py).
messages: $(VENV)/.installed
	$(BIN)/pybabel -q extract -F babel.cfg $(KEYWORDS) --add-location=file --sort-output -o translations/messages.pot .
	$(BIN)/pybabel -q update -i translations/messages.pot -d translations --no-fuzzy-matching --ignore-obsolete

# Serve on http://127.0.0.1:5000 with the clock in the same process (unless SCHEDULER, in the environment
# or .env, says otherwise); mail goes to /dev/mail.
run: $(VENV)/.installed $(CATALOGUES)
	$(FLASK) db upgrade
	SCHEDULER_DEFAULT=inprocess $(FLASK) run --host 127.0.0.1 --port 5000

# The whole suite; with TEST_DATABASE_URL set, every database test also runs on PostgreSQL. In parallel
# (pytest-xdist), each worker with databases of its own (tests/conftest.py): by default one worker more
# than the cores (the tests wait on servers, subprocesses and databases a good part of the time), at most 4;
# worksteal evens out the long tests. TEST_WORKERS=0 runs the suite in one process.
TEST_WORKERS ?= $(shell $(BIN)/python -c "import os; print(min(len(os.sched_getaffinity(0)) + 1, 4))")
test: $(VENV)/.installed $(CATALOGUES)
	$(BIN)/ruff check .
	$(FLASK) db upgrade
	$(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal
