// Speed side by side in one Node process: this package, chess.js and
// chessops (perft). `node scripts/bench.mjs [--quick] [--core]`; prints a
// table.
// Every timed loop's result is checked against the references, so that
// the figures are for the same work.
import { Chess as Ref } from 'chess.js';
import { Chess as Ops } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { perft as opsPerft } from 'chessops/debug';
// `--core`: the core module (chess-movegen/core) instead of the full one.
const { Chess } = await import(process.argv.includes('--core') ? '../src/core.js' : '../src/index.js');

const quick = process.argv.includes('--quick');
const opsFrom = (fen) => Ops.fromSetup(parseFen(fen).unwrap()).unwrap();
const FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1',
  'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
  'r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10',
];

/** Microseconds per call of `f` (run for about `ms` milliseconds). */
function time(f, ms) {
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 20; i++) f();
    n += 20;
    now = performance.now();
  }
  return ((now - start) * 1000) / n;
}

/**
 * Microseconds per call of `ours` and `ref`: the best of a number of
 * short rounds, the two taking turns, so that both meet the machine in
 * the same states and a round slowed by other work counts for neither.
 */
function pair(ours, ref) {
  const rounds = quick ? 5 : 15;
  const ms = quick ? 30 : 40;
  let a = Infinity, b = Infinity;
  for (let r = 0; r < rounds; r++) {
    a = Math.min(a, time(ours, ms));
    b = Math.min(b, time(ref, ms));
  }
  return [a, b];
}

const rows = [];
function row(name, fOurs, fRef, refName = 'chess.js') {
  const [ours, ref] = pair(fOurs, fRef);
  rows.push({ task: name, 'ours (µs)': ours.toFixed(2), [`${refName} (µs)`]: ref.toFixed(1), ratio: `${(ref / ours).toFixed(0)}×` });
}

// Warm-up: both libraries' code compiled by the engine's optimising tier.
for (const fen of FENS) time(() => { new Chess(fen).moves(); new Ref(fen).moves(); }, 100);

// FEN -> legal moves (SAN), as a chess.js user writes it.
for (const [i, fen] of FENS.entries()) {
  if (new Chess(fen).moves().sort().join() !== new Ref(fen).moves().sort().join()) throw new Error(`moves differ: ${fen}`);
  row(`new Chess(fen).moves() #${i}`, () => new Chess(fen).moves(), () => new Ref(fen).moves());
}
for (const [i, fen] of FENS.entries()) {
  const ours = new Chess();
  const ref = new Ref();
  row(`load(fen) + moves() #${i}`, () => { ours.load(fen); ours.moves(); }, () => { ref.load(fen); ref.moves(); });
}
{
  const ours = new Chess();
  const ref = new Ref();
  row('load(fen) + moves({ verbose: true })', () => { ours.load(FENS[1]); ours.moves({ verbose: true }); }, () => { ref.load(FENS[1]); ref.moves({ verbose: true }); });
}
// Move + undo, by SAN and by { from, to }.
for (const [i, fen] of FENS.slice(0, 2).entries()) {
  const ours = new Chess(fen);
  const ref = new Ref(fen);
  const san = ref.moves()[3];
  const m = ref.moves({ verbose: true })[3];
  row(`move('${san}') + undo() #${i}`, () => { ours.move(san); ours.undo(); }, () => { ref.move(san); ref.undo(); });
  const obj = { from: m.from, to: m.to };
  row(`move({from,to}) + undo() #${i}`, () => { ours.move(obj); ours.undo(); }, () => { ref.move(obj); ref.undo(); });
}
// SAN of every legal move of a position loaded once: asked again, the
// list is kept (ours; chess.js makes it again).
{
  const ours = new Chess(FENS[1]);
  const ref = new Ref(FENS[1]);
  row('moves() again (SAN of 48 moves)', () => ours.moves(), () => ref.moves());
}
// The SAN of one move, and a move's fields read after move() (ours are
// made when read).
{
  const ours = new Chess(FENS[1]);
  const ref = new Ref(FENS[1]);
  row("move('Nxd7').san + undo()", () => { ours.move('Nxd7').san; ours.undo(); }, () => { ref.move('Nxd7').san; ref.undo(); });
  row("move('Nxd7') all fields + undo()", () => { const m = ours.move('Nxd7'); m.san + m.lan + m.before + m.after; ours.undo(); }, () => { const m = ref.move('Nxd7'); m.san + m.lan + m.before + m.after; ref.undo(); });
}

// Perft against chessops and chess.js, after a warm-up (the engine
// compiles WebAssembly in tiers).
// A long call runs in the tier it started in: every position once first.
for (const fen of FENS.slice(0, 3)) {
  new Chess(fen).perft(quick ? 3 : 4);
  opsPerft(opsFrom(fen), 3, false);
}
const perftRows = [];
for (const [i, fen] of FENS.slice(0, 3).entries()) {
  const depth = quick ? 3 : 4;
  const ours = new Chess(fen);
  const pos = opsFrom(fen);
  // The best of a few runs: one run can meet a collection or a tier-up.
  const best = (f) => {
    let result, ms = Infinity;
    for (let run = 0; run < 3; run++) {
      const t = performance.now();
      result = f();
      ms = Math.min(ms, performance.now() - t);
    }
    return [result, Math.max(ms, 0.01)];
  };
  const [a, oursMs] = best(() => ours.perft(depth));
  const [b, opsMs] = best(() => opsPerft(pos, depth, false));
  if (a !== b) throw new Error(`perft differs: ${fen}: ${a} vs ${b}`);
  const ref = new Ref(fen);
  const [c, refMs] = best(() => ref.perft(depth - 1));
  perftRows.push({
    position: `#${i} depth ${depth}`,
    nodes: a,
    'ours (ms)': oursMs.toFixed(1),
    'ours Mnps': (a / oursMs / 1000).toFixed(1),
    'chessops (ms)': opsMs.toFixed(0),
    'vs chessops': `${(opsMs / oursMs).toFixed(0)}×`,
    'chess.js Mnps (depth-1)': (c / refMs / 1000).toFixed(2),
  });
}
console.table(rows);
console.table(perftRows);
