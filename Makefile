# atk — make demo, make test. Both set up what they need (zlib headers) themselves.

SWIFT   ?= swift
RELEASE := .build/release/atk
SAMPLE  := Samples/demo.jsonl.gz

.PHONY: all setup build release demo test bench samples clean

all: release

# zlib is atk's one system dependency (Debian: zlib1g-dev). Install it when its header is missing.
setup:
	@if [ ! -f /usr/include/zlib.h ]; then \
		echo "installing zlib1g-dev (zlib headers)"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq zlib1g-dev; \
	fi

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release

# The main analyses on the bundled sample.
demo: release
	@echo "== atk stats $(SAMPLE)"
	@$(RELEASE) stats $(SAMPLE)
	@echo
	@echo "== atk stats --format json $(SAMPLE) (summary)"
	@$(RELEASE) stats --format json $(SAMPLE) | sed -n '1,6p'
	@echo
	@echo "== atk generate --users 3 --seed 1 | atk stats -"
	@$(RELEASE) generate --users 3 --seed 1 | $(RELEASE) stats -

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Release-build throughput against pigz on a ~20,000-user dump (see Benchmarks/README.md).
bench: release
	@Benchmarks/run.sh

# Regenerate the bundled sample (after a change to the generator; tests check it is current).
samples: build
	.build/debug/atk generate --users 200 --seed 7 --faults 0.02 -o $(SAMPLE) \
		--truth Samples/demo.truth.json --visualized-config Samples/visualized.json

clean:
	rm -rf .build
