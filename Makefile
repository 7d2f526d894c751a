# The two commands of the service contract: `make run` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
FLASK := $(BIN)/flask --app app

.PHONY: run test

# Re-install only when the requirements change.
$(VENV)/.installed: requirements.txt requirements-dev.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@

# Serve on http://127.0.0.1:5000 with the clock in the same process; mail goes to /dev/mail.
run: $(VENV)/.installed
	$(FLASK) db upgrade
	SCHEDULER=$${SCHEDULER:-inprocess} $(FLASK) run --host 127.0.0.1 --port 5000

# The whole suite; with TEST_DATABASE_URL set, every database test also runs on PostgreSQL.
test: $(VENV)/.installed
	$(BIN)/ruff check .
	$(FLASK) db upgrade
	$(BIN)/pytest
