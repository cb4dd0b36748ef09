#!/usr/bin/env python3
"""Synthetic dumps for Benchmarks/memory.sh, each shaped so that one quantity grows alone.

    memgen.py funnel USERS EVENTS_PER_USER [IDS]  every event matches a step of the bench funnel;
                                                  IDS: uuid (as the iOS SDK writes them, 36
                                                  characters), md5 (32 hex digits, a hashed
                                                  login id) or web (61 characters, the shape of
                                                  the web SDK's cookie ids) instead of 11
    memgen.py impressions USERS RECORDS_PER_USER  page views and exposures, 1 in 20 a duplicate
    memgen.py names NAMES KEYS_PER_NAME [shared]  one event per distinct name, each with its own
                                                  keys (or, with 'shared', the same keys)

Writes plain JSON lines to standard output, deterministically (no randomness), in Sensors'
format with only the fields the commands read.
"""
import hashlib
import sys

BASE_TIME = 1_760_000_000_000
STEPS = ["$AppStart", "ProductView", "AddToCart"]


def line(event, user, time, properties, track_id):
    return ('{"_track_id":%d,"time":%d,"type":"track","distinct_id":"%s","event":"%s",'
            '"properties":{%s},"_flush_time":%d}\n' % (track_id, time, user, event, properties, time + 1000))


def uuid(n):
    """A UUID-shaped id, upper case, as identifierForVendor and the iOS SDK's distinct_id."""
    h = hashlib.md5(b"%d" % n).hexdigest().upper()
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def md5(n):
    """32 lower-case hex digits, as an app that hashes its login ids writes them."""
    return hashlib.md5(b"%d" % n).hexdigest()


def web(n):
    """61 characters of hex digits and dashes, the shape of the web SDK's cookie ids."""
    h = hashlib.md5(b"%d" % n).hexdigest()
    return "18b2c3d4e5f%03x-0%s-26031b51-1296000-18b2c3d4e5f6a7" % (n % 4096, h[:13])


IDS = {"uuid": uuid, "md5": md5, "web": web}


def funnel(users, per_user, out, ids=None):
    track = 0
    for u in range(users):
        user = IDS[ids](u) if ids else "user%07d" % u
        time = BASE_TIME + u * 7
        chunk = []
        for k in range(per_user):
            track += 1
            chunk.append(line(STEPS[k % 3], user, time + k * 1000, '"$os":"iOS","$app_version":"2.3.0"', track))
        out.write("".join(chunk))


def impressions(users, per_user, out):
    # Page views of 20 exposures each: rows 0-18, then row 18 again (a duplicate).
    track = 0
    path = "UIView/UICollectionView[0]/ProductCell[0][-]"
    for u in range(users):
        user = "user%07d" % u
        time = BASE_TIME + u * 7
        chunk = []
        for k in range(per_user):
            track += 1
            slot = k % 21
            if slot == 0:
                chunk.append(line("$AppViewScreen", user, time + k * 100, '"$screen_name":"HomeViewController"', track))
                continue
            row = min(slot - 1, 18)
            props = ('"$screen_name":"HomeViewController","$element_path":"%s","$element_position":"0:%d",'
                     '"item_id":"P%d"' % (path, row, 1000 + row))
            chunk.append(line("$AppExposure", user, time + k * 100, props, track))
        out.write("".join(chunk))


def names(count, keys, shared, out):
    for n in range(count):
        props = []
        for j in range(keys):
            key = "k%d" % j if shared else "k%d_%d" % (n, j)
            value = ('"v%d"' % (n % 7)) if j % 3 == 0 else (str(n + j) if j % 3 == 1 else "true")
            props.append('"%s":%s' % (key, value))
        out.write(line("ev_%d" % n, "user%d" % (n % 1000), BASE_TIME + n, ",".join(props), n + 1))


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    mode, a, b = argv[1], int(argv[2]), int(argv[3])
    out = sys.stdout
    if mode == "funnel":
        if len(argv) > 4 and argv[4] not in IDS:
            sys.exit(__doc__)
        funnel(a, b, out, argv[4] if len(argv) > 4 else None)
    elif mode == "impressions":
        impressions(a, b, out)
    elif mode == "names":
        names(a, b, len(argv) > 4 and argv[4] == "shared", out)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
