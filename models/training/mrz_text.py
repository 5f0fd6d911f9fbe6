"""Random MRZ line texts: structurally valid ICAO 9303 lines (with correct check digits) and
random character runs, so the recognizer learns every character in every position."""
import random
import string

CHARSET = "<0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LETTERS = string.ascii_uppercase
DIGITS = string.digits
WEIGHTS = (7, 3, 1)
NAMES = ["SMITH", "MUSTERMANN", "ERIKSSON", "ANNA", "MARIA", "JOHN", "VAN<DER<BERG", "OBRIEN", "GARCIA<LOPEZ",
         "NGUYEN", "KOWALSKI", "MAUS", "KETTY", "SPECIMEN", "MUSTER", "PETER", "DE<LA<CRUZ", "WANG", "LI", "ABDULLAH"]


def check_digit(text):
    total = 0
    for i, ch in enumerate(text):
        value = int(ch) if ch.isdigit() else (ord(ch) - 55 if ch.isalpha() else 0)
        total += value * WEIGHTS[i % 3]
    return str(total % 10)


def rand_alnum(rng, n, digit_share=0.5):
    return "".join(rng.choice(DIGITS) if rng.random() < digit_share else rng.choice(LETTERS) for _ in range(n))


def rand_date(rng):
    return f"{rng.randrange(100):02d}{rng.randrange(1, 13):02d}{rng.randrange(1, 29):02d}"


def rand_name_field(rng, width):
    parts = [rng.choice(NAMES) if rng.random() < 0.5 else rand_alnum(rng, rng.randint(2, 10), 0) for _ in range(rng.randint(1, 4))]
    primary = "<".join(parts[: max(1, len(parts) // 2)])
    secondary = "<".join(parts[max(1, len(parts) // 2):])
    text = primary + ("<<" + secondary if secondary else "")
    return (text + "<" * width)[:width]


def rand_country(rng):
    return rng.choice(["D<<", "UTO", "GBR", "LUX", "FRA", "USA", "CAN", "AUS", "NLD", "SWE", rand_alnum(rng, 3, 0)])


def td3_lines(rng):
    line1 = (rng.choice(["P<", "PD", "PO", "PM", "V<"]) + rand_country(rng) + rand_name_field(rng, 39))[:44]
    number = rand_alnum(rng, 9, 0.7)
    birth, expiry = rand_date(rng), rand_date(rng)
    optional = (rand_alnum(rng, rng.randint(0, 14), 0.8) + "<" * 14)[:14]
    body = number + check_digit(number) + rand_country(rng) + birth + check_digit(birth) + rng.choice("MF<") + expiry + check_digit(expiry) + optional + check_digit(optional)
    composite = body[0:10] + body[13:20] + body[21:43]
    return [line1, body + check_digit(composite)]


def td1_lines(rng):
    number = rand_alnum(rng, 9, 0.6)
    opt1 = (rand_alnum(rng, rng.randint(0, 15), 0.7) + "<" * 15)[:15]
    line1 = (rng.choice(["I<", "ID", "AC", "IR", "C<"]) + rand_country(rng) + number + check_digit(number) + opt1)[:30]
    birth, expiry = rand_date(rng), rand_date(rng)
    opt2 = (rand_alnum(rng, rng.randint(0, 11), 0.7) + "<" * 11)[:11]
    line2 = birth + check_digit(birth) + rng.choice("MF<") + expiry + check_digit(expiry) + rand_country(rng) + opt2
    composite = line1[5:30] + line2[0:7] + line2[8:15] + line2[18:29]
    return [line1, line2 + check_digit(composite), rand_name_field(rng, 30)]


def td2_lines(rng):
    line1 = (rng.choice(["I<", "ID", "V<", "AC"]) + rand_country(rng) + rand_name_field(rng, 31))[:36]
    number = rand_alnum(rng, 9, 0.7)
    birth, expiry = rand_date(rng), rand_date(rng)
    optional = (rand_alnum(rng, rng.randint(0, 7), 0.7) + "<" * 7)[:7]
    body = number + check_digit(number) + rand_country(rng) + birth + check_digit(birth) + rng.choice("MF<") + expiry + check_digit(expiry) + optional
    composite = body[0:10] + body[13:20] + body[21:35]
    return [line1, body + check_digit(composite)]


def random_run(rng):
    """Characters in any order, with filler runs, so no position is learnt as a language prior."""
    length = rng.choice([30, 36, 44])
    out = []
    while len(out) < length:
        if rng.random() < 0.25:
            out.extend("<" * rng.randint(1, 12))
        else:
            out.append(rng.choice(CHARSET[1:]))
    return "".join(out[:length])


def random_mrz_line(rng):
    """One line of text, from a structured document 70 % of the time."""
    roll = rng.random()
    if roll < 0.35:
        return rng.choice(td3_lines(rng))
    if roll < 0.55:
        return rng.choice(td1_lines(rng))
    if roll < 0.7:
        return rng.choice(td2_lines(rng))
    return random_run(rng)


if __name__ == "__main__":
    rng = random.Random(1)
    assert td3_lines(random.Random(3))[1][-1].isdigit()
    # ICAO 9303 specimen (Utopia): the check digits must agree with the published lines.
    assert check_digit("L898902C3") == "6" and check_digit("740812") == "2" and check_digit("120415") == "9"
    for _ in range(5):
        print(random_mrz_line(rng))
