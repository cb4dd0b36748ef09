# atk — make demo, make test. Both set up what they need (zlib, libzstd and ISA-L headers) themselves.

SWIFT   ?= swift
RELEASE := .build/release/atk
# Release builds link Swift's runtime and Foundation into the binary: atk starts in about half the
# time (no shared libraries to load and bind: 7.5 ms against 13-15 ms, 26 M instructions against
# 40 M for a one-line dump), holds 6 MB less at its peak, and runs where no Swift toolchain is
# installed (a Spark executor, a cron host). The binary is larger (97 MB against 26 MB). The link
# prints ld's note that Foundation's static library uses mktemp (Foundation's code, harmless here:
# atk writes its outputs through its own temporary files).
RELEASE_BUILD := $(SWIFT) build -c release --static-swift-stdlib
SAMPLE  := Samples/demo.jsonl.gz
# The venv under .build/ for the Python packages of the checks: chdb (ClickHouse in-process, the
# funnel's cross-check in make test, funnel-diff, retention-diff, the bench), html5lib and
# Pillow (the report's check in a browser).
PY_VENV := .build/venv

.PHONY: all setup build release demo test conformance funnel-diff bench bench-memory golden lint samples fuzz fuzz-build fuzz-smoke clean
.PHONY: browser-setup report-browser-test report-screenshot chdb-setup jobs-diff

# The official JSON-Schema-Test-Suite, beside this checkout (skipped when it is not there).
SUITE   ?= ../shared/jsonschema-test-suite

all: release

# atk's system dependencies, installed when their headers are missing (Debian): zlib (gzip),
# libzstd (zstd input) and ISA-L (the fast gzip inflater).
setup:
	@missing=""; \
	[ -f /usr/include/zlib.h ] || missing="$$missing zlib1g-dev"; \
	[ -f /usr/include/zstd.h ] || missing="$$missing libzstd-dev"; \
	[ -f /usr/include/isa-l/igzip_lib.h ] || missing="$$missing libisal-dev"; \
	if [ -n "$$missing" ]; then \
		echo "installing$$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $$missing; \
	fi

build: setup
	$(SWIFT) build

release: setup
	$(RELEASE_BUILD)

# The main analyses on the bundled sample.
demo: release
	@echo "== atk stats $(SAMPLE)"
	@$(RELEASE) stats $(SAMPLE)
	@echo
	@echo "== atk stats --format json $(SAMPLE) (summary)"
	@$(RELEASE) stats --format json $(SAMPLE) | sed -n '1,6p'
	@echo
	@echo "== atk validate --max-examples 2 $(SAMPLE)"
	@$(RELEASE) validate --max-examples 2 $(SAMPLE) || true
	@echo
	@echo "== atk validate --plan Samples/plan.json (plan rules only) $(SAMPLE)"
	@$(RELEASE) validate --plan Samples/plan.json --max-examples 1 --rule plan.unplanned_event --rule plan.required \
		--rule plan.type --rule plan.enum --rule plan.additional_property --rule plan.constraint $(SAMPLE) || true
	@echo
	@echo "== atk funnel --steps '\$$AppStart,ProductView,AddToCart' --window 1h $(SAMPLE)"
	@$(RELEASE) funnel --max-examples 0 --steps '$$AppStart,ProductView,AddToCart' --window 1h $(SAMPLE)
	@echo
	@echo "== atk funnel --path 'DL_HOME>DL_PDP' $(SAMPLE)"
	@$(RELEASE) funnel --max-examples 0 --path 'DL_HOME>DL_PDP' $(SAMPLE)
	@echo
	@echo "== atk impressions --max-examples 2 $(SAMPLE)"
	@$(RELEASE) impressions --max-examples 2 $(SAMPLE)
	@echo
	@echo "== atk elements verify $(SAMPLE) (exits 1: the sample has identifier faults)"
	@$(RELEASE) elements verify --max-examples 3 $(SAMPLE) || true
	@echo
	@echo "== atk elements match --config Samples/visualized.json $(SAMPLE)"
	@$(RELEASE) elements match --config Samples/visualized.json $(SAMPLE)
	@echo
	@echo
	@echo "== atk sessions $(SAMPLE) (summary)"
	@$(RELEASE) sessions $(SAMPLE) | sed -n '1,12p'
	@echo
	@echo "== atk retention --start '\$$AppStart' --return AddToCart --periods 3 $(SAMPLE)"
	@$(RELEASE) retention --start '$$AppStart' --return AddToCart --periods 3 $(SAMPLE)
	@echo
	@echo "== atk paths verify --config Samples/navigation.json $(SAMPLE) (exits 1 on path mismatches)"
	@$(RELEASE) paths verify --max-examples 2 --config Samples/navigation.json $(SAMPLE) || true
	@echo
	@echo "== atk plan diff Samples/plan.json Samples/plan-next.json"
	@$(RELEASE) plan diff Samples/plan.json Samples/plan-next.json
	@echo
	@echo "== atk report --config Samples/atk-report.yaml -o .build/demo-report $(SAMPLE)"
	@$(RELEASE) report --config Samples/atk-report.yaml -o .build/demo-report $(SAMPLE) || true
	@echo "   open .build/demo-report/report.html in a browser"
	@echo
	@echo "== atk generate --users 3 --seed 1 | atk stats -"
	@$(RELEASE) generate --users 3 --seed 1 | $(RELEASE) stats -

# ATK_PYTHON names the venv's Python to the tests; ATK_REQUIRE_CHDB makes the funnel's ClickHouse
# cross-check fail, not skip, when chdb cannot be imported. Then the funnel engine and atk
# retention against ClickHouse on seeded random cases (2,000 and 100: about 30 s).
test: setup lint chdb-setup
	$(SWIFT) build --build-tests
	ATK_PYTHON=$(CURDIR)/$(PY_VENV)/bin/python ATK_REQUIRE_CHDB=1 $(SWIFT) test --skip-build
	@CASES=2000 $(MAKE) --no-print-directory funnel-diff
	@CASES=100 $(MAKE) --no-print-directory retention-diff
	@SEEDS=2 $(MAKE) --no-print-directory jobs-diff
	@$(MAKE) --no-print-directory report-browser-test
	@if [ -d "$(SUITE)/tests" ]; then $(MAKE) --no-print-directory conformance; \
	 else echo "conformance: $(SUITE) not found, skipped"; fi

# The repository's .swift-format rules (120 columns, documented public declarations, ...),
# strict: a finding fails. swift-format ships with the Swift toolchain.
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

# Rewrites Tests/Golden/ from what atk prints now. Only in a commit that says which behaviour
# changed and why: GoldenTests in make test compares every command and format with these files.
golden: setup
	$(SWIFT) build --build-tests
	ATK_GOLDEN_UPDATE=1 $(SWIFT) test --skip-build --filter GoldenTests

# JSON Schema conformance (drafts 2020-12, 2019-09 and 7, required tests). Ends with
# "N passed, N failed, 0 skipped", then the optional format tests' line; fails when a required test fails.
conformance: setup
	$(SWIFT) build --product atk-conformance
	.build/debug/atk-conformance $(SUITE)

# chdb (ClickHouse in-process, from PyPI) in the venv under .build/.
chdb-setup:
	@[ -x $(PY_VENV)/bin/python ] || python3 -m venv $(PY_VENV)
	@$(PY_VENV)/bin/python -c "import chdb" 2>/dev/null || { echo "installing chdb in $(PY_VENV)"; \
		$(PY_VENV)/bin/pip install -q chdb; }

# The funnel engine against ClickHouse itself (chdb), on random cases.
funnel-diff: setup chdb-setup
	$(SWIFT) build --product atk-funnel-oracle
	$(PY_VENV)/bin/python Tools/funnel_diff.py --cases $${CASES:-20000}

# atk retention against ClickHouse retention() per cohort period, on random dumps (chdb).
.PHONY: retention-diff
retention-diff: setup chdb-setup
	$(SWIFT) build --product atk
	$(PY_VENV)/bin/python Tools/retention_diff.py --cases $${CASES:-300}

# The parallel engine against itself: every reading command at --jobs 1, 2, 3 and 7 on random
# generated dumps (gzip members, zstd, a cut gzip, damaged and long lines) writes the same bytes.
jobs-diff: setup
	$(SWIFT) build --product atk
	python3 Tools/jobs_diff.py --seeds $${SEEDS:-6} --first-seed $${FIRST_SEED:-1}

# Release-build throughput against pigz on a ~20,000-user dump (see Benchmarks/README.md).
bench: release chdb-setup
	@PYTHON=$(PY_VENV)/bin/python Benchmarks/run.sh

# Peak-memory slopes per user, kept event and distinct name (see Benchmarks/README.md).
bench-memory: release
	@Benchmarks/memory.sh

# libFuzzer on the line parser and every analysis (Docs/fuzzing.md): each target for
# FUZZ_SECONDS, one at a time, seeded from Samples/; exits 1 naming the saved input on a crash.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= parser reader stats validate validate-plan plan-infer event-funnel path-funnel impressions \
	elements-verify elements-top elements-match elements-drift identities sessions retention
FUZZ_CONFIG  ?= release
FUZZ_BIN     := .build-fuzz/$(FUZZ_CONFIG)/atk-fuzz

# lld: gold fails on the sanitized link (an internal error in dwarf_reader.cc).
fuzz-build: setup
	$(SWIFT) build -c $(FUZZ_CONFIG) --scratch-path .build-fuzz --product atk-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DATK_LIBFUZZER -Xswiftc -use-ld=lld

fuzz: fuzz-build
	@Tools/fuzz.sh $(FUZZ_BIN) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# What CI runs after the tests: every target for 5 s, built in debug (about 1.5 min from
# scratch on 2 cores, against over 5 for release; a third of the speed is plenty for a smoke).
# Its own corpus, from the seeds each time: a long run's corpus takes minutes to load.
fuzz-smoke:
	@rm -rf .build-fuzz/smoke-corpus
	@FUZZ_CORPUS=.build-fuzz/smoke-corpus $(MAKE) --no-print-directory fuzz FUZZ_CONFIG=debug \
		FUZZ_SECONDS=$${FUZZ_SMOKE_SECONDS:-5}

# Regenerate the bundled sample (after a change to the generator; tests check it is current).
samples: build
	.build/debug/atk generate --users 200 --seed 7 --faults 0.02 -o $(SAMPLE) \
		--truth Samples/demo.truth.json --visualized-config Samples/visualized.json

clean:
	rm -rf .build .build-fuzz

# atk on Apache Spark, exact to the byte (Docs/distributed.md): PySpark from PyPI in a venv under
# .build/, a headless JRE from Debian when java is missing, release atk (the atk product only);
# Tools/spark/dist_test.py
# checks local[2] and local-cluster[2,1,1024] against the single command on a hostile dump,
# a retried task and a failing shard, and prints its times.
SPARK_VENV := .build/spark-venv

.PHONY: dist-test spark-setup
spark-setup:
	@command -v java >/dev/null 2>&1 || { echo "installing openjdk-17-jre-headless"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq openjdk-17-jre-headless; }
	@[ -x $(SPARK_VENV)/bin/python ] || python3 -m venv $(SPARK_VENV)
	@$(SPARK_VENV)/bin/python -c "import pyspark" 2>/dev/null || $(SPARK_VENV)/bin/pip install -q pyspark

dist-test: setup spark-setup
	$(RELEASE_BUILD) --product atk
	$(SPARK_VENV)/bin/python Tools/spark/dist_test.py --atk $(RELEASE)

# atk report's page in a real browser: headless Chromium (Debian chromium, installed when
# missing) draws the sample's report.html; Tools/check_report_html.py (html5lib and Pillow in a
# venv under .build/) checks the PNG is not blank and the page parses as HTML without errors.
CHROMIUM    ?= chromium
REPORT_VENV := $(PY_VENV)
REPORT_DIR  := .build/report-sample
CHROMIUM_SHOT = $(CHROMIUM) --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,$(1) \
	--screenshot=$(2) file://$(CURDIR)/$(REPORT_DIR)/report.html 2>/dev/null

browser-setup:
	@command -v $(CHROMIUM) >/dev/null 2>&1 || { echo "installing chromium"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium; }
	@[ -x $(REPORT_VENV)/bin/python ] || python3 -m venv $(REPORT_VENV)
	@$(REPORT_VENV)/bin/python -c "import html5lib, PIL" 2>/dev/null || $(REPORT_VENV)/bin/pip install -q html5lib pillow

$(REPORT_DIR)/report.html: browser-setup
	$(SWIFT) build --product atk
	.build/debug/atk report --quiet --config Samples/atk-report.yaml $(SAMPLE) -o $(REPORT_DIR) >/dev/null || [ $$? = 1 ]

report-browser-test: $(REPORT_DIR)/report.html
	$(call CHROMIUM_SHOT,1600,$(REPORT_DIR)/report.png)
	$(REPORT_VENV)/bin/python Tools/check_report_html.py $(REPORT_DIR)/report.html $(REPORT_DIR)/report.png

# Docs/report.png, the sample's report as README shows it.
report-screenshot: $(REPORT_DIR)/report.html
	$(call CHROMIUM_SHOT,1400,Docs/report.png)
	$(REPORT_VENV)/bin/python Tools/check_report_html.py $(REPORT_DIR)/report.html Docs/report.png
