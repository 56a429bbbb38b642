// Positions shared by the benchmarks, and the one home of these FENs for
// the tests, tools, `compare` and fuzz targets, which include this file.

/// Kiwipete (chessprogramming.org "Perft Results", position 2): castling
/// both ways for both sides, en passant, promotions, pins.
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The six standard perft positions with a bench depth of a few million
/// nodes each and the count at that depth.
pub const STANDARD: [(&str, &str, u8, u64); 6] = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4_865_609),
    ("kiwipete", KIWIPETE, 4, 4_085_603),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11_030_083),
    ("position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15_833_292),
    ("position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2_103_487),
    ("position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3_894_594),
];

/// 25 positions of the kind real games reach (openings, middlegames, two
/// endgames) with their perft counts at depths 1 to 4 (computed by this
/// crate and checked against shakmaty, cozy-chess and chess by
/// `cargo run --release -p compare -- --check-games`).
pub const GAMES: [(&str, [u64; 4]); 25] = [
    ("r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 b - - 0 9", [30, 840, 25126, 752720]),
    ("rnbqkb1r/1p2pppp/p2p1n2/6B1/3NP3/2N5/PPP2PPP/R2QKB1R b KQkq - 1 6", [29, 1387, 40294, 1871053]),
    ("rnbqkb1r/ppp2ppp/4pn2/3p2B1/2PP4/2N5/PP2PPPP/R2QKBNR b KQkq - 3 4", [31, 1179, 37146, 1392182]),
    ("r1bq1rk1/pppnn1bp/3p2p1/3Ppp2/2P1P3/2N2P2/PP2BBPP/R2QNRK1 w - - 0 11", [35, 948, 33584, 960344]),
    ("r2q1rk1/pp2bppp/2n1bn2/3p4/3P4/2NB1N2/PP3PPP/R1BQR1K1 w - - 0 11", [48, 1829, 85810, 3367942]),
    ("r1b2rk1/pp1nqppp/2p1pn2/3p4/2PP4/2NBPN2/PPQ2PPP/R4RK1 w - - 0 10", [44, 1250, 52880, 1579307]),
    ("r2qk2r/pp1nbppp/2p1pn2/3p1b2/2PP4/1QN1PN2/PP3PPP/R1B1KB1R w KQkq - 0 7", [37, 1576, 58091, 2454920]),
    ("rnbq1rk1/ppp1ppbp/3p1np1/8/2PPP3/2N2N2/PP2BPPP/R1BQK2R b KQ - 1 6", [32, 1214, 39303, 1519980]),
    ("r1bqk2r/ppp2ppp/2np1n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQK2R w KQkq - 1 6", [39, 1502, 57088, 2192376]),
    ("r1bqr1k1/pp1n1pbp/2pp1np1/4p3/2PPP3/2N1BP2/PP1QN1PP/R3KB1R w KQ - 4 10", [37, 1148, 43219, 1419008]),
    ("2rq1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB1QBPPP/2R2RK1 w - - 0 12", [36, 1017, 37688, 1148876]),
    ("r4rk1/1bqnbppp/p2ppn2/1p6/3NPP2/P1N1B3/1PP1B1PP/R2Q1RK1 w - - 1 12", [42, 1725, 73799, 2973336]),
    ("r1bq1rk1/4bppp/p1np1n2/1pp1p3/4P3/2PP1N1P/PPB2PP1/RNBQR1K1 w - - 0 11", [32, 1093, 35899, 1256047]),
    ("2kr3r/ppp2ppp/2n1bn2/2b1p1q1/4P3/2NP1N2/PPPQBPPP/R3K2R w KQ - 4 9", [35, 2062, 70926, 3906960]),
    ("r3kb1r/pp1n1ppp/2p1pn2/q4b2/2BP4/2N1PN2/PP3PPP/R1BQK2R w KQkq - 3 8", [37, 1832, 69306, 3324487]),
    ("r2q1rk1/1p1nbppp/p2pbn2/4p3/4P3/1NN1BP2/PPPQ2PP/R3KB1R w KQ - 3 10", [47, 1549, 71999, 2464831]),
    ("rn1qkb1r/pp3ppp/2p1pn2/3p1b2/2PP4/1Q2PN2/PP3PPP/RNB1KB1R w KQkq - 2 6", [34, 1337, 44783, 1739391]),
    ("r2qr1k1/1b1nbppp/p2p1n2/1p2p3/3PP3/1BP2N1P/PP1N1PP1/R1BQR1K1 w - - 1 13", [30, 933, 29892, 977082]),
    ("3r1rk1/pp2qppp/2n1bn2/2bpp3/8/2PP1NP1/PP1NPPBP/R1BQ1RK1 w - - 0 10", [29, 1241, 37301, 1591081]),
    ("r1bq1rk1/pp3ppp/2nbpn2/3p4/2PP4/2NBPN2/PP3PPP/R1BQ1RK1 w - - 0 9", [39, 1556, 59058, 2306709]),
    ("2r2rk1/pp1bqppp/2nbpn2/3p4/3P4/P1NBPN2/1PQ2PPP/R1B2RK1 w - - 3 12", [41, 1559, 62232, 2382314]),
    ("r4rk1/pp2ppbp/2np1np1/q7/2P1P1b1/2N1BP2/PP1QN1PP/R3KB1R w KQ - 1 11", [44, 2293, 97819, 4777248]),
    ("r1b2rk1/2q1bppp/p2ppn2/1p6/3NP3/2N1B1P1/PPP1QPBP/R4RK1 w - - 0 12", [47, 1553, 72521, 2412663]),
    ("5rk1/pp3ppp/2p1r3/3q4/3P4/P4Q2/1P3PPP/2R2RK1 w - - 0 22", [35, 1478, 51073, 2069644]),
    ("8/5pk1/6p1/3R4/5P2/r5P1/5K2/8 w - - 0 45", [21, 447, 8266, 160315]),
];
