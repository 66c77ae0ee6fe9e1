#!/usr/bin/env python3
"""Writes a deterministic JSON Lines corpus of navigation `configure` payloads.

About 80% are valid (tabbed, a few bootstrap), about 20% are invalid in exactly one
known way, so the benchmark can check each validator's invalid count against what
was generated. Structural faults are visible to any JSON Schema validator; rule
faults (TG101-TG105) only to tabgen. The counts go to a sidecar labels file.

Usage: gen_corpus.py --lines N --seed S --out CORPUS.jsonl --labels LABELS.json --kinds KINDS
KINDS gets one letter per payload (v valid, s structural fault, r rule fault), so the
expected invalid count of any prefix of the corpus is known.
"""
import argparse
import json
import random

# (id, {locale: title}, icons, path): what real apps put in a tab bar. Paths cover
# query strings, fragments and a relative path without a leading slash.
TABS = [
    ("home", {"en": "Home", "fr": "Accueil", "de": "Startseite", "es": "Inicio", "ja": "ホーム"}, ["house.fill", "house"], "/"),
    ("explore", {"en": "Explore", "fr": "Explorer", "de": "Entdecken", "es": "Explorar", "ja": "見つける"}, ["safari", "magnifyingglass"], "/explore"),
    ("search", {"en": "Search", "fr": "Rechercher", "de": "Suche", "es": "Buscar", "ja": "検索"}, ["magnifyingglass"], "/search"),
    ("favorites", {"en": "Favorites", "fr": "Favoris", "de": "Favoriten", "es": "Favoritos", "ja": "お気に入り"}, ["heart.fill", "star.fill"], "/favorites"),
    ("profile", {"en": "Profile", "fr": "Profil", "de": "Profil", "es": "Mi perfil", "ja": "プロフィール"}, ["person.crop.circle", "person.fill"], "/profile"),
    ("settings", {"en": "Settings", "fr": "Réglages", "de": "Einstellungen", "es": "Ajustes", "ja": "設定"}, ["gearshape", "gear"], "/settings"),
    ("notifications", {"en": "Notifications", "fr": "Notifications", "de": "Mitteilungen", "es": "Notificaciones", "ja": "通知"}, ["bell.fill", "bell.badge"], "/notifications"),
    ("messages", {"en": "Messages", "fr": "Messages", "de": "Nachrichten", "es": "Mensajes", "ja": "メッセージ"}, ["bubble.left.and.bubble.right", "message"], "/messages"),
    ("inbox", {"en": "Inbox", "fr": "Boîte de réception", "de": "Posteingang", "es": "Bandeja de entrada", "ja": "受信箱"}, ["tray.fill"], "/inbox?filter=unread"),
    ("cart", {"en": "Cart", "fr": "Panier", "de": "Warenkorb", "es": "Carrito", "ja": "カート"}, ["cart.fill", "bag"], "/cart"),
    ("orders", {"en": "Orders", "fr": "Commandes", "de": "Bestellungen", "es": "Pedidos", "ja": "注文"}, ["shippingbox", "list.bullet.rectangle"], "/account/orders?status=open"),
    ("library", {"en": "Library", "fr": "Bibliothèque", "de": "Bibliothek", "es": "Biblioteca", "ja": "ライブラリ"}, ["books.vertical"], "/library"),
    ("calendar", {"en": "Calendar", "fr": "Calendrier", "de": "Kalender", "es": "Calendario", "ja": "カレンダー"}, ["calendar"], "/calendar#today"),
    ("dashboard", {"en": "Dashboard", "fr": "Tableau de bord", "de": "Übersicht", "es": "Panel", "ja": "ダッシュボード"}, ["square.grid.2x2"], "/dashboard"),
    ("reports", {"en": "Reports", "fr": "Rapports", "de": "Berichte", "es": "Informes", "ja": "レポート"}, ["chart.bar.fill"], "/reports/weekly"),
    ("feed", {"en": "Feed", "fr": "Fil", "de": "Neuigkeiten", "es": "Novedades", "ja": "フィード"}, ["newspaper"], "/feed"),
    ("help", {"en": "Q&A", "fr": "Q&R", "de": "F&A", "es": "P&R", "ja": "Q&A"}, ["questionmark.circle"], "/help/questions"),
    ("deals", {"en": "Deals & Offers", "fr": "Bons plans", "de": "Angebote", "es": "Ofertas", "ja": "セール"}, ["tag.fill"], "/deals?sort=new&page=1"),
    ("team", {"en": "Team", "fr": "Équipe", "de": "Team", "es": "Equipo", "ja": "チーム"}, ["person.3"], "/teams/42/members"),
    ("docs", {"en": "Docs", "fr": "Docs", "de": "Doku", "es": "Documentos", "ja": "ドキュメント"}, ["doc.text"], "docs/getting-started"),
]
LOCALES = ["en"] * 6 + ["fr", "de", "es", "ja"]

# Invalid categories and their share of the corpus (about 20% in all).
RULE_FAULTS = {"one_tab": 0.024, "absolute_url": 0.024, "network_path": 0.024,
               "duplicate_id": 0.024, "active_unknown": 0.024}
STRUCTURAL_FAULTS = {"bad_enum": 0.024, "missing_field": 0.024, "wrong_type": 0.024,
                     "extra_root_property": 0.008}
BOOTSTRAP_SHARE = 0.05


def tab(rng, entry, locale):
    ident, titles, icons, path = entry
    result = {"id": ident, "title": titles[locale], "icon": rng.choice(icons), "path": path}
    if rng.random() < 0.05:  # a field newer than the schema; clients ignore it
        result["badge"] = rng.randint(1, 99)
    return result


def versioned(path):
    """`/inbox?filter=unread` -> `/inbox/v2?filter=unread`: the successor's page."""
    cut = min([i for i in (path.find("?"), path.find("#")) if i >= 0], default=len(path))
    return path[:cut].rstrip("/") + "/v2" + path[cut:]


def tabbed(rng, count):
    locale = rng.choice(LOCALES)
    entries = rng.sample(TABS, count)
    tabs = [tab(rng, entry, locale) for entry in entries]
    if rng.random() < 0.12:
        # A tab being sunset, often with its successor that replaces it.
        old = rng.randrange(len(tabs))
        tabs[old]["deprecated"] = rng.choice(["soft", "hard"])
        if len(tabs) < 8 and rng.random() < 0.7:  # stay within 8 tabs
            successor = dict(tabs[old])
            del successor["deprecated"]
            successor["id"] = tabs[old]["id"] + "-v2"
            successor["path"] = versioned(tabs[old]["path"])
            successor["replaces"] = tabs[old]["id"]
            tabs.insert(old + 1, successor)
    active = tabs[0]["id"] if rng.random() < 0.5 else rng.choice(tabs)["id"]
    return {"active": active, "tabs": tabs}


def inject(rng, fault, payload):
    tabs = payload["tabs"]
    victim = rng.choice(tabs)
    if fault == "one_tab":
        payload["tabs"] = [victim]
        payload["active"] = victim["id"]
    elif fault == "absolute_url":
        victim["path"] = rng.choice(["https://shop.example.com/orders", "http://example.org/x", "javascript:alert(1)"])
    elif fault == "network_path":
        victim["path"] = rng.choice(["//cdn.example.net/promo", "//evil.example/x"])
    elif fault == "duplicate_id":
        other = rng.choice([t for t in tabs if t is not victim])
        other["id"] = victim["id"]
    elif fault == "active_unknown":
        payload["active"] = rng.choice(["checkout", "hom", "Home", "explore-legacy", ""])
    elif fault == "bad_enum":
        victim["deprecated"] = rng.choice(["retired", "Soft", "", "later"])
    elif fault == "missing_field":
        if rng.random() < 0.15:
            del payload[rng.choice(["active", "tabs"])]
        else:
            del victim[rng.choice(["id", "title", "icon", "path"])]
    elif fault == "wrong_type":
        choice = rng.randrange(6)
        if choice == 0:
            victim["title"] = 42
        elif choice == 1:
            victim["path"] = None
        elif choice == 2:
            victim["id"] = 7
        elif choice == 3:
            payload["active"] = 3
        elif choice == 4:
            victim["icon"] = [victim["icon"]]
        else:
            payload["tabs"] = {t["id"]: t for t in tabs}
    elif fault == "extra_root_property":
        payload[rng.choice(["version", "badge", "theme"])] = rng.choice([2, "dark", True])
    return payload


def encode(rng, payload):
    """Serialises like real servers do: mostly compact, some ASCII-escaped, some Rails-style."""
    style = rng.random()
    if style < 0.70:
        return json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    if style < 0.85:
        # Rails' to_json escapes & < > and, with ASCII output, everything non-ASCII.
        return json.dumps(payload, separators=(",", ":")).replace("&", "\\u0026")
    return json.dumps(payload, ensure_ascii=False)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=200000)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--out", required=True)
    parser.add_argument("--labels", required=True)
    parser.add_argument("--kinds", required=True)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    faults = list(RULE_FAULTS.items()) + list(STRUCTURAL_FAULTS.items())
    counts = {name: 0 for name, _ in faults}
    counts.update(valid_tabbed=0, bootstrap=0, bootstrap_warning=0)
    total_bytes = 0
    letters = []
    with open(args.out, "w", encoding="utf-8", newline="\n") as out:
        for _ in range(args.lines):
            roll = rng.random()
            kind = None
            for name, share in faults:
                if roll < share:
                    kind = name
                    break
                roll -= share
            if kind is None and roll < BOOTSTRAP_SHARE:
                # TG106 (a warning, still valid): active set in bootstrap mode.
                kind = "bootstrap_warning" if rng.random() < 0.1 else "bootstrap"
                payload = {"active": "home" if kind == "bootstrap_warning" else None, "tabs": []}
            else:
                kind = kind or "valid_tabbed"
                payload = tabbed(rng, rng.randint(3 if kind == "duplicate_id" else 2, 8))
                if kind != "valid_tabbed":
                    payload = inject(rng, kind, payload)
            counts[kind] += 1
            letters.append("s" if kind in STRUCTURAL_FAULTS else "r" if kind in RULE_FAULTS else "v")
            line = encode(rng, payload) + "\n"
            total_bytes += len(line.encode("utf-8"))
            out.write(line)

    labels = {
        "lines": args.lines,
        "seed": args.seed,
        "bytes": total_bytes,
        "counts": counts,
        "structural_invalid": sum(counts[name] for name in STRUCTURAL_FAULTS),
        "rule_invalid": sum(counts[name] for name in RULE_FAULTS),
    }
    labels["invalid"] = labels["structural_invalid"] + labels["rule_invalid"]
    with open(args.kinds, "w", encoding="ascii") as out:
        out.write("".join(letters))
    with open(args.labels, "w", encoding="utf-8") as out:
        json.dump(labels, out, indent=2)
        out.write("\n")


if __name__ == "__main__":
    main()
