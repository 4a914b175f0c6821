"""How fast the hub can read results off the wire: prints a figure, asserts nothing.

Run: .venv/bin/python bench/decode.py
"""

import time

from whist.protocol import decode_result

RESULT = (
    b'{"v":1,"id":"2b0c4a5e-uuid","hand":5,"table":7,"visitor_tricks":8,'
    b'"home_tricks":5,"revokes":{"home":0,"visitors":0}}'
)


def main(count: int = 50_000) -> None:
    decode_result(RESULT)
    start = time.perf_counter()
    for _ in range(count):
        decode_result(RESULT)
    elapsed = time.perf_counter() - start
    print(f"decode_result: {count / elapsed:,.0f} results/s ({elapsed / count * 1e6:.1f} µs each)")


if __name__ == "__main__":
    main()
