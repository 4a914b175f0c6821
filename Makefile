.PHONY: demo test
demo:
	scripts/demo
test:
	scripts/test
