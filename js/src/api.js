// chess-movegen for JavaScript: chess.js's API over the Rust library
// compiled to WebAssembly. Every rule (move generation, SAN, FEN, PGN,
// repetitions, game end) is the library's; this file only moves text in
// and out of the module's memory and shapes the answers as chess.js does.
//
// The module exports plain functions over numbers; text goes through one
// byte buffer in its memory (see js/wasm/src/lib.rs): `send` writes a
// string there and gives its length, `recv` reads an answer (a negative
// length is an error message). The module itself is loaded by the entry
// (index.js in browsers and bundlers, node.js in Node) before any call.

import { w, SHARED } from './wasm.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

let heapView = new Uint8Array(0);

/** A byte view of the module's memory (made again after it grows). */
function heap() {
  // Growing the memory detaches its old buffer, which leaves the view
  // empty: a cheaper test than reading the memory's buffer each time.
  if (heapView.length === 0) heapView = new Uint8Array(w.memory.buffer);
  return heapView;
}

// A view from the shared buffer to the end of memory, for `send`'s
// encoder (made again when the buffer moves or the memory grows).
let ioView = new Uint8Array(0);
let ioPtr = -1;

/** Writes `text` into the shared buffer; returns its length in bytes. */
function send(text) {
  const n = text.length;
  // Room for the longest UTF-8 of n UTF-16 units, so the encoder, given
  // the view to the end of memory, stays inside the buffer.
  const ptr = w.io_reserve(n * 3);
  if (n > 16) {
    // Longer texts (FENs, PGN): the encoder's copy beats a loop in
    // JavaScript; for a move or a square its call costs more than the loop.
    if (ptr !== ioPtr || ioView.length === 0) {
      ioView = heap().subarray(ptr);
      ioPtr = ptr;
    }
    return encoder.encodeInto(text, ioView).written;
  }
  const bytes = heap();
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c > 127) return encoder.encodeInto(text, bytes.subarray(ptr, ptr + n * 3)).written;
    bytes[ptr + i] = c;
  }
  return n;
}

/** Reads an answer of the given length from the shared buffer. */
function read(len) {
  if (len === 0) return '';
  const ptr = w.io_ptr();
  const bytes = heap();
  // A loop beats the decoder's call for a move or a square, not for a FEN.
  if (len <= 16) {
    let s = '';
    for (let i = ptr; i < ptr + len; i++) {
      const c = bytes[i];
      if (c > 127) return decoder.decode(bytes.subarray(ptr, ptr + len));
      s += String.fromCharCode(c);
    }
    return s;
  }
  return decoder.decode(bytes.subarray(ptr, ptr + len));
}

// In Node, a Buffer over the module's memory decodes text known to be
// ASCII (UCIs, FENs) as latin1, which is the same text, in about half
// of TextDecoder's time there; elsewhere the decoder does.
const NodeBuffer = typeof process === 'object' && process.versions?.node !== undefined && typeof Buffer === 'function' ? Buffer : null;
let latin1View = null;

/** The ASCII text of the module's memory from `start` to `end`. */
function ascii(start, end) {
  if (NodeBuffer === null) return decoder.decode(heap().subarray(start, end));
  // Empty once growing the memory detached its buffer, as `heap`'s view.
  if (latin1View === null || latin1View.length === 0) latin1View = NodeBuffer.from(w.memory.buffer);
  return latin1View.toString('latin1', start, end);
}

/** An answer known to be ASCII (a FEN), or throws the error the module reported. */
function recvAscii(result) {
  if (result < 0) throw new Error(read(-1 - result));
  const ptr = w.io_ptr();
  return ascii(ptr, ptr + result);
}

/** The words of an answer of the given length separated by spaces. */
function readWords(len) {
  if (len === 0) return [];
  const ptr = w.io_ptr();
  const bytes = heap();
  const out = [];
  let s = '';
  for (let i = ptr; i < ptr + len; i++) {
    const c = bytes[i];
    if (c > 127) return decoder.decode(bytes.subarray(ptr, ptr + len)).split(' ');
    if (c === 32) {
      out.push(s);
      s = '';
    } else {
      s += String.fromCharCode(c);
    }
  }
  out.push(s);
  return out;
}

// Each SAN's string by the number of its parts (the module's `moves`
// answers with these numbers: js/wasm/src/session.rs), made once per
// process from the module's text, when first met: a lookup per move
// instead of a string made from bytes. The numbers are those of the SANs
// met, a few thousand in long use (tens of thousands can be written).
const SAN_TEXTS = new Map();

/** The SANs of `len` bytes of SAN numbers (4 bytes each) at `start` in the answer. */
function sansOf(start, len) {
  const n = len >> 2;
  const out = new Array(n);
  if (n === 0) return out;
  const ptr = w.io_ptr() + start;
  const bytes = heap();
  // The texts not made yet are asked for after the loop: asking
  // overwrites the answer.
  let missing = null;
  for (let i = 0, at = ptr; i < n; i++, at += 4) {
    const code = bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
    const san = SAN_TEXTS.get(code);
    if (san === undefined) (missing ??= []).push(i, code);
    else out[i] = san;
  }
  if (missing !== null) {
    for (let k = 0; k < missing.length; k += 2) out[missing[k]] = sanOf(missing[k + 1]);
  }
  return out;
}

/** The SAN of a SAN number (asking the module the first time). */
function sanOf(code) {
  let san = SAN_TEXTS.get(code);
  if (san === undefined) SAN_TEXTS.set(code, (san = recv(w.san_text(code))));
  return san;
}

/** The hexadecimal digits of a `u64` answer (little-endian) of length `len`. */
function hexKey(len) {
  if (len < 0) recv(len);
  const bytes = heap().subarray(w.io_ptr(), w.io_ptr() + len);
  let hex = '';
  for (let i = len - 1; i >= 0; i--) hex += bytes[i].toString(16).padStart(2, '0');
  return hex;
}

/**
 * The export `name` of the full module, which `what` needs; the core
 * module (`chess-movegen/core`) has none, and the error says so.
 */
function full(name, what) {
  const f = w[name];
  if (f === undefined) {
    throw new Error(`${what} needs the full module: import from 'chess-movegen', not 'chess-movegen/core' (a program has the module of the entry it loads first)`);
  }
  return f;
}

/** A comment answer: its text, or `undefined` for none (the module's error). */
function commentOf(result) {
  return result < 0 ? undefined : read(result);
}

/** The answer text, or throws the error the module reported. */
function recv(result) {
  if (result < 0) throw new Error(read(-1 - result));
  return read(result);
}

/**
 * Loads `fen` into game `h` with the module's `flags`; answers its result.
 * The standard start position goes by a flag, not read again.
 */
function loadFen(h, fen, flags) {
  return fen === DEFAULT_POSITION && (flags & 1) === 0 ? w.load(h, 0, flags | 8) : w.load(h, send(fen), flags);
}

export const WHITE = 'w';
export const BLACK = 'b';
export const PAWN = 'p';
export const KNIGHT = 'n';
export const BISHOP = 'b';
export const ROOK = 'r';
export const QUEEN = 'q';
export const KING = 'k';
export const DEFAULT_POSITION = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const SQUARES = [];
for (let rank = 8; rank >= 1; rank--) for (const file of 'abcdefgh') SQUARES.push(file + rank);
export const SEVEN_TAG_ROSTER = {
  Event: '?', Site: '?', Date: '????.??.??', Round: '?', White: '?', Black: '?', Result: '*',
};

// The roster's values for "unknown", kept from changes to the exported object.
const ROSTER = { ...SEVEN_TAG_ROSTER };
// The PGN standard's other tags (its section 9), in its order: chess.js
// lists a game's headers in this order after the roster.
const STANDARD_TAGS = [
  'WhiteTitle', 'BlackTitle', 'WhiteElo', 'BlackElo', 'WhiteUSCF', 'BlackUSCF', 'WhiteNA', 'BlackNA', 'WhiteType', 'BlackType',
  'EventDate', 'EventSponsor', 'Section', 'Stage', 'Board', 'Opening', 'Variation', 'SubVariation', 'ECO', 'NIC',
  'Time', 'UTCTime', 'UTCDate', 'TimeControl', 'SetUp', 'FEN', 'Termination', 'Annotator', 'Mode', 'PlyCount',
];

const ROLES = [undefined, 'p', 'n', 'b', 'r', 'q', 'k'];
const PIECE_TYPES = ROLES.slice(1);
const FLAGS = 'ncbepkq';

const SQUARE_SET = new Set(SQUARES);
const SQUARE_NAMES = Array.from({ length: 64 }, (_, i) => 'abcdefgh'[i & 7] + ((i >> 3) + 1));
const FLAG_TEXTS = Array.from({ length: 128 }, (_, x) => [...FLAGS].filter((_, i) => (x >> i) & 1).join(''));

// The moves `Move.read` made whose SAN's text is not known yet, each
// followed by its SAN's number: asking the module for the text
// (`sanOf`) overwrites the answer, so the texts are asked for once the
// whole answer is read (`readSans`).
const sanPending = [];

/** Gives the moves read since the last call their SANs. */
function readSans() {
  if (sanPending.length === 0) return;
  for (let i = 0; i < sanPending.length; i += 2) sanPending[i].san = sanOf(sanPending[i + 1]);
  sanPending.length = 0;
}

/**
 * A move as chess.js describes it: its eleven fields, own properties in
 * chess.js's order, and the library's 16-bit move (`bits`).
 */
export class Move {
  color;
  from;
  to;
  piece;
  captured;
  promotion;
  flags;
  san;
  lan;
  before;
  after;
  #bits = 0;

  /**
   * The move of the 12-byte head at `at` in `bytes` (see
   * js/wasm/src/record.rs) and its texts. Its SAN may wait for
   * `readSans`.
   */
  static read(bytes, at, before, lan, after) {
    const m = new Move();
    const x = (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
    const code = (bytes[at + 8] | (bytes[at + 9] << 8) | (bytes[at + 10] << 16) | (bytes[at + 11] << 24)) >>> 0;
    m.color = x & 1 ? BLACK : WHITE;
    m.#bits = bytes[at + 4] | (bytes[at + 5] << 8);
    if (m.#bits === 0) {
      // The null move, with the fields chess.js gives it.
      [m.from, m.to, m.piece, m.flags, m.san, m.lan] = ['a8', 'a8', KING, '-', '--', 'a8a8'];
    } else {
      m.from = SQUARE_NAMES[(x >> 1) & 63];
      m.to = SQUARE_NAMES[(x >> 7) & 63];
      m.piece = ROLES[(x >> 13) & 7];
      m.captured = ROLES[(x >> 16) & 7];
      m.promotion = ROLES[(x >> 19) & 7];
      m.flags = FLAG_TEXTS[(x >> 22) & 127];
      m.san = SAN_TEXTS.get(code);
      if (m.san === undefined) sanPending.push(m, code);
      m.lan = lan;
    }
    m.before = before;
    m.after = after;
    return m;
  }

  /** The same move (for `undo`, which answers the move `move` made). */
  copy() {
    const m = new Move();
    m.color = this.color;
    m.from = this.from;
    m.to = this.to;
    m.piece = this.piece;
    m.captured = this.captured;
    m.promotion = this.promotion;
    m.flags = this.flags;
    m.san = this.san;
    m.lan = this.lan;
    m.before = this.before;
    m.after = this.after;
    m.#bits = this.#bits;
    return m;
  }

  /** The library's 16-bit move (not one of chess.js's fields, so not enumerable); `undefined` on a copy made by a cloning library. */
  get bits() { return #bits in this ? this.#bits : undefined; }

  // As chess.js: an en-passant capture (flag `e`) is not counted here.
  isCapture() { return this.flags.includes('c'); }
  isPromotion() { return this.flags.includes('p'); }
  isEnPassant() { return this.flags.includes('e'); }
  isKingsideCastle() { return this.flags.includes('k'); }
  isQueensideCastle() { return this.flags.includes('q'); }
  isCastle() { return this.isKingsideCastle() || this.isQueensideCastle(); }
  isBigPawn() { return this.flags.includes('b'); }
}

/** FNV-1a of `text`'s UTF-16 code units in 64 bits, as 16 hexadecimal digits. */
function textHash(text) {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) h = ((h ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, '0');
}

/**
 * The moves of a move answer (see js/wasm/src/record.rs), the first one
 * played from the position of FEN `before` when the answer does not give
 * it.
 */
function movesOf(len, before) {
  if (len < 0) throw new Error(read(-1 - len));
  if (len === 0) return [];
  const ptr = w.io_ptr();
  const bytes = heap();
  const n = (bytes[ptr] | (bytes[ptr + 1] << 8) | (bytes[ptr + 2] << 16) | (bytes[ptr + 3] << 24)) >>> 0;
  // Its FENs and UCIs, decoded at once, each ended by a line feed.
  const texts = ascii(ptr + 8 + 12 * n, ptr + len);
  let t = 0;
  let end = 0;
  // How the FENs before are given: known (0), one for all (1), or the
  // first, then each move's FEN after for the next (2).
  const mode = bytes[ptr + 4];
  if (mode !== 0) {
    end = texts.indexOf('\n');
    before = texts.slice(0, end);
    t = end + 1;
  }
  const out = new Array(n);
  for (let i = 0, at = ptr + 8; i < n; i++, at += 12) {
    end = texts.indexOf('\n', t);
    const lan = texts.slice(t, end);
    t = texts.indexOf('\n', end + 1);
    const m = (out[i] = Move.read(bytes, at, before, lan, texts.slice(end + 1, t)));
    t++;
    if (mode === 2) before = m.after;
  }
  readSans();
  return out;
}

/** The move data to ask the module for: with the FEN before (2), unless `now` is that FEN (1). */
function moveData(now) {
  return now === null ? 2 : 1;
}

/** The move of a one-move answer (`null` for none), as `movesOf` reads it. */
function moveOf(len, before) {
  return len === 0 ? null : movesOf(len, before)[0];
}

/** A FEN's validity as chess.js reports it, by the library's rules. */
export function validateFen(fen, { chess960 = false } = {}) {
  const r = w.validate_fen(send(String(fen).trim()), chess960 ? 1 : 0);
  return r < 0 ? { ok: false, error: read(-1 - r) } : { ok: true };
}

const STATUS = { check: 1, checkmate: 2, stalemate: 4, insufficient: 8, threefold: 16, fifty: 32, black: 64, broken: 128 };
// A game's handle in a cell that `free()` empties, so that the registry
// needs no unregister token (registering with one costs more).
const freed = new FinalizationRegistry((cell) => {
  if (cell.h >= 0) w.session_free(cell.h);
});

// The games that have not changed since they were made or loaded share
// one game in the module (`SHARED`), loaded with the FEN of the one
// asking (the owner): they cost no memory of their own and no
// finalization. A game that changes gets its own (`#write`).
// The owner is a game's number (a number, not an object: one allocation
// less per game made); 0 for none.
let sharedOwner = 0;
let games = 0;
/** A freed game's handle. */
const FREED = -2;

/** A game with chess.js's methods. */
export class Chess {
  // The game's own handle, or -1 while it is the FEN it was made with.
  #h = -1;
  #cell = null;
  #token = ++games;
  #fen0 = DEFAULT_POSITION;
  #flags0 = 0;
  #chess960;
  // Answers kept until the position changes (`#changed`): the SAN list,
  // the FEN and its board spelled out, often asked for more than once
  // per position.
  #sans = null;
  #fen = null;
  #board = null;
  // A copy of the move `move()` played last, for `undo()`, and the FEN
  // of the position as a move's `before` has it, when known: the module
  // then does not write it again.
  #last = null;
  #now = null;

  constructor(fen = DEFAULT_POSITION, { skipValidation = false, chess960 = false } = {}) {
    this.#chess960 = chess960;
    if (fen !== DEFAULT_POSITION || chess960) this.load(fen, { skipValidation });
  }

  /** The handle for a query: the game's own, or the shared one loaded with its FEN. */
  #read() {
    if (this.#h >= 0) return this.#h;
    if (this.#h === FREED) throw new Error('This game was freed (free())');
    if (sharedOwner !== this.#token) {
      recv(loadFen(SHARED, this.#fen0, this.#flags0));
      sharedOwner = this.#token;
    }
    return SHARED;
  }

  /** The handle for a change: the game's own, made now if it has none. */
  #write() {
    if (this.#h >= 0) return this.#h;
    this.#read();
    this.#h = w.session_take(SHARED);
    sharedOwner = 0;
    this.#cell = { h: this.#h };
    freed.register(this, this.#cell);
    return this.#h;
  }

  /** Forgets the answers kept for the position. */
  #changed() {
    this.#sans = null;
    this.#fen = null;
    this.#board = null;
    this.#last = null;
    this.#now = null;
  }

  /** Chess960 start position `n` (0–959), as a game in Chess960 mode. */
  static chess960(n) {
    return new Chess(recv(w.chess960_fen(n >>> 0)), { chess960: true });
  }

  /** Frees the game's memory now (it is freed when collected anyway); its methods throw afterwards. */
  free() {
    if (this.#h >= 0) {
      this.#cell.h = -1;
      w.session_free(this.#h);
    }
    // Its handle may now be another game's: no call may reach it.
    this.#h = FREED;
    this.#changed();
  }

  load(fen, { skipValidation = false, preserveHeaders = false, chess960 = this.#chess960 } = {}) {
    fen = String(fen);
    this.#chess960 = chess960;
    this.#changed();
    if (this.#h === FREED) throw new Error('This game was freed (free())');
    // A game without its own has no headers to keep.
    const own = this.#h >= 0;
    const h = own ? this.#h : SHARED;
    const flags = (chess960 ? 1 : 0) | (skipValidation ? 2 : 0) | (own && preserveHeaders ? 4 : 0);
    let r = loadFen(h, fen, flags);
    if (r < 0) {
      // What chess.js reads besides a FEN: one with whitespace around it
      // (also Unicode's, which the module refuses), or with two to five
      // fields, the others (castling, en passant, clocks) filled in. Made
      // only when the FEN as it is was refused, which a FEN in either
      // form is.
      const trimmed = fen.trim();
      const fields = trimmed.split(/\s+/);
      const text = fields.length >= 2 && fields.length < 6 ? fields.concat(['-', '-', '0', '1'].slice(fields.length - 2)).join(' ') : trimmed;
      if (text !== fen) r = w.load(h, send((fen = text)), flags);
      recv(r);
    }
    if (!own) {
      sharedOwner = this.#token;
      this.#fen0 = fen;
      this.#flags0 = flags;
    }
  }

  reset() { this.load(DEFAULT_POSITION, { chess960: false }); }

  clear({ preserveHeaders = false } = {}) {
    this.#changed();
    recv(w.clear(this.#write(), preserveHeaders ? 1 : 0));
  }

  /**
   * The FEN; its en-passant square only when an en-passant capture is
   * legal, or with `forceEnpassantSquare` as chess.js keeps it: after a
   * double step with a pawn beside it (a pinned one too), and as loaded.
   */
  fen({ forceEnpassantSquare = false } = {}) {
    if (forceEnpassantSquare) return recvAscii(w.fen(this.#read(), 1));
    // After a move or an undo the FEN is the one the move carries.
    return (this.#fen ??= this.#now ?? recvAscii(w.fen(this.#read(), 0)));
  }

  /** The 64 squares from a8 to h1: a piece letter or `.` (the FEN's board, spelled out). */
  #cells() {
    return (this.#board ??= this.fen().split(' ')[0].replace(/[1-8/]/g, (c) => (c === '/' ? '' : '.'.repeat(Number(c)))));
  }

  isChess960() { return w.is_chess960(this.#read()) === 1; }

  #status() { return w.status(this.#read()); }

  turn() { return this.#status() & STATUS.black ? BLACK : WHITE; }

  moveNumber() { return Number(this.fen().split(' ')[5]); }

  get(square) {
    const i = SQUARES.indexOf(square);
    if (i < 0) return undefined;
    const c = this.#cells()[i];
    return c === '.' ? undefined : piece(c);
  }

  put({ type, color }, square) {
    if (!SQUARES.includes(square) || !'pnbrqk'.includes(type) || type.length !== 1 || (color !== 'w' && color !== 'b')) return false;
    // As chess.js: no second king of a colour (a king may replace itself).
    if (type === KING && this.findPiece({ type, color }).some((at) => at !== square)) return false;
    this.#changed();
    recv(w.put(this.#write(), SQUARE_NAMES.indexOf(square), (color === 'w' ? type.toUpperCase() : type).charCodeAt(0)));
    return true;
  }

  remove(square) {
    if (!SQUARES.includes(square)) return undefined;
    this.#changed();
    const c = recv(w.remove(this.#write(), SQUARE_NAMES.indexOf(square)));
    return c === '' ? undefined : piece(c);
  }

  board() {
    const cells = this.#cells();
    const rows = [];
    for (let r = 0; r < 8; r++) {
      const row = [];
      for (let f = 0; f < 8; f++) {
        const c = cells[r * 8 + f];
        row.push(c === '.' ? null : { square: SQUARES[r * 8 + f], ...piece(c) });
      }
      rows.push(row);
    }
    return rows;
  }

  ascii() {
    const cells = this.#cells();
    let s = '   +------------------------+\n';
    for (let r = 0; r < 8; r++) {
      s += ` ${8 - r} |`;
      for (let f = 0; f < 8; f++) s += ` ${cells[r * 8 + f]} `;
      s += '|\n';
    }
    return s + '   +------------------------+\n     a  b  c  d  e  f  g  h';
  }

  findPiece({ type, color }) {
    // As chess.js: only its piece letters and colours name a piece.
    if (!PIECE_TYPES.includes(type) || (color !== WHITE && color !== BLACK)) return [];
    const want = color === 'w' ? type.toUpperCase() : type;
    const cells = this.#cells();
    return SQUARES.filter((_, i) => cells[i] === want);
  }

  attackers(square, attackedBy) {
    // As chess.js: the side to move when no side is given, and no
    // attackers of what is not a square or by what is not a side.
    attackedBy ||= this.turn();
    const index = SQUARE_NAMES.indexOf(square);
    if (index < 0 || (attackedBy !== WHITE && attackedBy !== BLACK)) return [];
    const len = w.attackers(this.#read(), index, attackedBy === BLACK ? 1 : 0);
    if (len < 0) recv(len);
    // A bitboard: bit i for square index i (a1 = 0, b1 = 1, … h8 = 63),
    // listed in chess.js's order: a8 to h1, rank by rank.
    const bytes = heap().subarray(w.io_ptr(), w.io_ptr() + len);
    const out = [];
    for (let i = 0; i < 64; i++) {
      const at = i ^ 56;
      if (bytes[at >> 3] & (1 << (at & 7))) out.push(SQUARES[i]);
    }
    return out;
  }

  /** As chess.js: the side is not optional here (none attacks for what is not a side). */
  isAttacked(square, attackedBy) { return (attackedBy === WHITE || attackedBy === BLACK) && this.attackers(square, attackedBy).length > 0; }

  setTurn(color) {
    this.#changed();
    return recv(w.set_turn(this.#write(), color === BLACK ? 1 : 0)) === '1';
  }

  /**
   * Gives (`true`) or takes (`false`) the castling rights named in
   * `rights`; true if every one named is now as asked (a right without
   * its king and rook in place is not given).
   */
  setCastlingRights(color, rights) {
    // What is not a side has no rights to change (chess.js answers as if
    // each right named were set as asked).
    if (color !== WHITE && color !== BLACK) return [KING, QUEEN].every((side) => rights[side] === undefined || typeof rights[side] === 'boolean');
    let which = 0;
    let give = 0;
    for (const [bit, side] of [[1, KING], [2, QUEEN]]) {
      if (rights[side] === undefined) continue;
      which |= bit;
      if (rights[side]) give |= bit;
    }
    this.#changed();
    recv(w.set_castling(this.#write(), color === BLACK ? 1 : 0, which, give));
    const now = this.getCastlingRights(color);
    return (rights[KING] === undefined || rights[KING] === now[KING]) && (rights[QUEEN] === undefined || rights[QUEEN] === now[QUEEN]);
  }

  getCastlingRights(color) {
    if (color !== WHITE && color !== BLACK) return { [KING]: false, [QUEEN]: false };
    const bits = w.castling(this.#read()) >> (color === BLACK ? 2 : 0);
    return { [KING]: (bits & 1) !== 0, [QUEEN]: (bits & 2) !== 0 };
  }

  squareColor(square) {
    const i = SQUARES.indexOf(square);
    if (i < 0) return null;
    return ((i >> 3) + (i & 7)) % 2 === 0 ? 'light' : 'dark';
  }

  moves({ verbose = false, square, piece: role } = {}) {
    // As chess.js: no square (or an empty one) and no piece mean all.
    const all = !square && role == null;
    if (all && !verbose && this.#sans !== null) return this.#sans.slice();
    // chess.js reads the square and the piece in either case.
    const from = !square ? 64 : SQUARE_NAMES.indexOf(String(square).toLowerCase());
    // chess.js answers an unknown square or piece with no moves.
    if (from < 0 || (role && !PIECE_TYPES.includes(String(role).toLowerCase()))) return [];
    const len = w.moves(this.#read(), from, role ? String(role).charCodeAt(0) : 0, verbose ? 1 : 0);
    if (verbose) return movesOf(len);
    if (len < 0) throw new Error(read(-1 - len));
    const sans = sansOf(0, len);
    if (all) this.#sans = sans.slice();
    return sans;
  }

  move(move, options) {
    return this.#keep((now) => this.#play(move, options, now));
  }

  /**
   * Plays a move by `play(now)`, given the FEN of the position when it is
   * known (else `null`), and keeps it for `undo()`.
   */
  #keep(play) {
    const now = this.#now;
    this.#changed();
    const played = play(now);
    this.#last = played.copy();
    this.#now = played.after;
    return played;
  }

  /** Plays `move` as `move()` does, from the position of FEN `now` (if known). */
  #play(move, { strict = false } = {}, now) {
    const data = moveData(now);
    if (move === null || move === '--') {
      // chess.js's null move: the turn passes.
      if (this.inCheck()) throw new Error('Null move not allowed when in check');
      return moveOf(w.play_bits(this.#write(), 0, data), now);
    }
    const h = this.#write();
    if (typeof move === 'string') {
      const played = moveOf(w.play(h, send(move), data), now);
      // chess.js's strict parser takes a move's own SAN only: not over-disambiguated.
      if (strict && bareSan(played.san) !== bareSan(move)) {
        w.undo(h, 0);
        throw new Error(`Invalid move: ${move.length > 24 ? `${move.slice(0, 24)}…` : move}: not in SAN (strict); its SAN is ${played.san}`);
      }
      return played;
    }
    if (typeof move !== 'object' || typeof move.from !== 'string' || typeof move.to !== 'string') {
      // Neither a text nor { from, to }: thrown as chess.js throws a move it cannot read.
      throw new Error(`Invalid move: ${shortText(move)}: a move is a text (SAN, UCI) or { from, to, promotion }`);
    }
    // As chess.js: squares and the promotion letter as its moves name
    // them (so that no other text reaches the module's move reader, which
    // would read `{ from: 'N', to: 'f3' }` as Nf3); a promotion letter on
    // a move that does not promote is not looked at.
    if (!SQUARE_SET.has(move.from) || !SQUARE_SET.has(move.to)) {
      throw new Error(`Invalid move: ${shortText(move)}: from and to are squares (a1 … h8)`);
    }
    const uci = move.from + move.to;
    if (move.promotion === 'q' || move.promotion === 'r' || move.promotion === 'b' || move.promotion === 'n') {
      const r = w.play(h, send(uci + move.promotion), data);
      if (r >= 0) return moveOf(r, now);
    }
    const r = w.play(h, send(uci), data);
    if (r < 0) {
      throw new Error(`Invalid move: ${shortText(move)}: ${read(-1 - r).replace(/^Invalid move: [^:]*: /, '')}`);
    }
    return moveOf(r, now);
  }

  /** Plays a 16-bit move (see `Move.bits`). */
  moveBits(bits) {
    return this.#keep((now) => moveOf(w.play_bits(this.#write(), bits & 0xffff, moveData(now)), now));
  }

  undo() {
    const last = this.#last;
    this.#changed();
    // The move `move()` just played: taken back without its data.
    const undone = last !== null && w.undo(this.#write(), 0) > 0 ? last : moveOf(w.undo(this.#write(), 2));
    this.#now = undone?.before ?? null;
    return undone;
  }

  history({ verbose = false } = {}) {
    const len = w.history(this.#read(), verbose ? 1 : 0);
    if (verbose) return movesOf(len);
    if (len < 0) throw new Error(read(-1 - len));
    return readWords(len);
  }

  inCheck() { return (this.#status() & STATUS.check) !== 0; }
  isCheck() { return this.inCheck(); }
  isCheckmate() { return (this.#status() & STATUS.checkmate) !== 0; }
  isStalemate() { return (this.#status() & STATUS.stalemate) !== 0; }
  isInsufficientMaterial() { return (this.#status() & STATUS.insufficient) !== 0; }
  isThreefoldRepetition() { return (this.#status() & STATUS.threefold) !== 0; }
  isDrawByFiftyMoves() { return (this.#status() & STATUS.fifty) !== 0; }
  isDraw() { return (this.#status() & (STATUS.stalemate | STATUS.insufficient | STATUS.threefold | STATUS.fifty)) !== 0; }
  isGameOver() { return (this.#status() & (STATUS.checkmate | STATUS.stalemate | STATUS.insufficient | STATUS.threefold | STATUS.fifty)) !== 0; }

  perft(depth) { return w.perft_count(this.#read(), depth >>> 0); }

  /** Perft below each legal move: `{ [uci]: count }`. */
  perftDivide(depth) {
    const out = {};
    for (const line of recv(w.perft_split(this.#read(), depth >>> 0)).split('\n')) {
      if (line === '') continue;
      const [uci, count] = line.split(' ');
      out[uci] = Number(count);
    }
    return out;
  }

  /** The UCI of a move in any notation (Chess960 castling as king takes rook). */
  toUci(move) { return recv(w.convert(this.#read(), send(move), 1)); }

  /** The SAN of a move in any notation. */
  toSan(move) { return recv(w.convert(this.#read(), send(move), 0)); }

  /** The Polyglot key of the position, 16 hexadecimal digits (the full module's). */
  polyglotKey() { return hexKey(full('polyglot_key', 'polyglotKey')(this.#read())); }

  /**
   * The library's Zobrist key, 16 hexadecimal digits (chess.js's `hash`
   * is its own); for a board that is not a legal position, which has
   * none, a 64-bit hash of its FEN, so that equal boards still have equal
   * keys.
   */
  hash() { return this.#status() & STATUS.broken ? textHash(this.fen()) : hexKey(w.zobrist_key(this.#read())); }

  /**
   * The game as PGN, laid out as chess.js does: the headers, a blank
   * line, the movetext on one line (or wrapped at `maxWidth`), comments
   * `{text}`. A Chess960 game is written by the library's writer.
   */
  pgn({ newline = '\n', maxWidth = 0 } = {}) {
    if (this.isChess960()) {
      const text = recv(w.pgn(this.#read())).replace(/\n+$/, '');
      return newline === '\n' ? text : text.split('\n').join(newline);
    }
    const headers = this.getHeaders();
    let head = '';
    for (const [name, value] of Object.entries(headers)) if (value) head += `[${name} "${value}"]${newline}`;
    const sans = this.history();
    if (sans.length > 0) head += newline;
    const comments = this.#commentsByPly(sans.length);
    const note = (text, ply) => (comments[ply] === undefined ? text : `${text}${text ? ' ' : ''}{${comments[ply]}}`);
    const fields = (this.#startFen() ?? this.fen()).split(' ');
    let number = Number(fields[5]);
    let black = fields[1] === BLACK;
    // Groups as chess.js makes them: a number with White's and Black's
    // moves, each comment after the move it follows.
    const groups = [];
    let group = '';
    if (sans.length === 0) groups.push(note('', 0));
    for (let ply = 0; ply < sans.length; ply++) {
      group = note(group, ply);
      if (ply === 0 && black) {
        group = `${group}${group ? ' ' : ''}${number}. ...`;
      } else if (!black) {
        if (group) groups.push(group);
        group = `${number}.`;
      }
      group += ` ${sans[ply]}`;
      if (black) number++;
      black = !black;
    }
    if (group) groups.push(note(group, sans.length));
    groups.push(headers.Result || '*');
    return head + (maxWidth > 0 ? wrapGroups(groups, maxWidth, newline) : groups.join(' '));
  }

  /** The comments by ply (0 the start, k after move k): `undefined` where none. */
  #commentsByPly(plies) {
    const out = new Array(plies + 1);
    const comments = this.getComments();
    if (comments.length === 0) return out;
    const moves = this.history({ verbose: true });
    let next = 0;
    for (let ply = 0; ply <= plies && next < comments.length; ply++) {
      const fen = ply === 0 ? (moves.length > 0 ? moves[0].before : this.fen()) : moves[ply - 1].after;
      if (fen === comments[next].fen) out[ply] = comments[next++].comment;
    }
    return out;
  }

  loadPgn(pgn, { strict = false, newlineChar = '\r?\n' } = {}) {
    let text = newlineChar === '\r?\n' ? pgn : pgn.split(new RegExp(newlineChar)).join('\n');
    // As chess.js: an empty text is an empty game, and a FEN tag is one
    // whatever the case of its name.
    if (text.trim() === '') {
      this.reset();
      return;
    }
    if (strict) text = strictPgnText(text);
    else text = text.replace(/^(\s*\[\s*)fen(\s+")/gim, '$1FEN$2');
    // The library's reader gives the tree (and its errors); its mainline
    // becomes the game, with the tags and the mainline's comments.
    const tree = readChessJsPgn(text);
    if (strict) strictMoves(text, tree);
    this.#changed();
    const h = this.#write();
    recv(w.load(h, send(tree.fen), tree.chess960 ? 1 : 0));
    this.#chess960 = tree.chess960;
    // SetUp and FEN come from the start position (getHeaders, pgn).
    const headers = { ...tree.headers };
    delete headers.SetUp;
    delete headers.FEN;
    // As chess.js: the movetext's result, when it has one, is the Result tag's.
    if (tree.result !== (headers.Result ?? '*')) headers.Result = tree.result;
    for (const [name, value] of Object.entries(headers)) recv(w.set_tag(h, send(`${name}\0${value}`)));
    // A comment's line breaks (a run of them) become a space, as chess.js reads them.
    const comment = (comments) => {
      if (comments.length > 0) w.comment(h, send(comments.join(' ').replace(/[\r\n]+/g, ' ')), 1);
    };
    comment(tree.comments);
    for (const node of tree.moves) {
      const len = w.play_bits(h, node.bits, 0);
      if (len < 0) throw new Error(`Invalid PGN: ${read(-1 - len).replace(/^Invalid move: \d+: /, '')}`);
      comment(node.comments);
    }
  }

  /** Sets a tag (`null` or `undefined`: removes it, a roster tag back to its `?`). */
  setHeader(key, value) {
    if (value === null || value === undefined) this.removeHeader(key);
    else recv(w.set_tag(this.#write(), send(`${key}\0${value}`)));
    return this.getHeaders();
  }

  /** Removes a tag (a roster tag goes back to its `?`); true if it was among the headers. */
  removeHeader(key) {
    const had = Object.hasOwn(this.getHeaders(), key);
    recv(w.remove_tag(this.#write(), send(String(key))));
    return had;
  }

  /**
   * The headers as chess.js gives them: the seven-tag roster (`?` where
   * not set), `SetUp` and `FEN` for a game that does not start from the
   * standard position (or a board with pieces on it that is no legal
   * position), then the tags set.
   */
  getHeaders() {
    const start = this.#startFen();
    const tags = {};
    if (this.isChess960()) tags.Variant = 'Chess960';
    if (start !== null && (start !== DEFAULT_POSITION || this.isChess960())) {
      tags.SetUp = '1';
      tags.FEN = start;
    }
    const parts = recv(w.tags(this.#read())).split('\0');
    for (let i = 0; i + 1 < parts.length; i += 2) tags[parts[i]] = parts[i + 1];
    // In chess.js's order: the roster, the PGN standard's other tags in
    // its order, then the rest as they were set.
    const out = {};
    for (const name of Object.keys(ROSTER)) out[name] = tags[name] ?? ROSTER[name];
    for (const name of STANDARD_TAGS) if (name in tags) out[name] = tags[name];
    for (const name of Object.keys(tags)) if (!(name in out)) out[name] = tags[name];
    return out;
  }

  /** The FEN the game starts from (`null` for an empty board). */
  #startFen() {
    if (this.#status() & STATUS.broken) {
      const fen = this.fen();
      return fen.startsWith('8/8/8/8/8/8/8/8 ') ? null : fen;
    }
    return recvAscii(w.start_fen(this.#read()));
  }

  header(...args) {
    for (let i = 0; i + 1 < args.length; i += 2) {
      if (typeof args[i] === 'string' && typeof args[i + 1] === 'string') this.setHeader(args[i], args[i + 1]);
    }
    return this.getHeaders();
  }

  /** The comment on the position: `undefined` for none, `''` for an empty one (the module answers none as an error). */
  getComment() { return commentOf(w.comment(this.#read(), 0, 0)); }
  /** Sets the comment on the position; as chess.js, its first `{` and `}` become `[` and `]`. */
  setComment(comment) { w.comment(this.#write(), send(String(comment).replace('{', '[').replace('}', ']')), 1); }
  removeComment() { return commentOf(w.comment(this.#write(), 0, 2)); }
  deleteComment() { return this.removeComment(); }
  #comments(remove) {
    const parts = recv(w.all_comments(remove ? this.#write() : this.#read(), remove ? 1 : 0)).split('\0');
    const out = [];
    for (let i = 0; i + 1 < parts.length; i += 2) out.push({ fen: parts[i], comment: parts[i + 1] });
    return out;
  }
  getComments() { return this.#comments(false); }
  removeComments() { return this.#comments(true); }
  deleteComments() { return this.removeComments(); }
}

/**
 * Movetext groups joined with spaces and broken into lines of about
 * `maxWidth` as chess.js's writer breaks them: before a group that would
 * pass the width, and a group with a comment word by word.
 */
function wrapGroups(groups, maxWidth, newline) {
  const out = [];
  let width = 0;
  const breakLine = () => {
    if (out[out.length - 1] === ' ') out.pop();
    out.push(newline);
    width = 0;
  };
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i];
    if (width + group.length > maxWidth && group.includes('{')) {
      for (const word of group.split(' ')) {
        if (word === '') continue;
        if (width + word.length > maxWidth) breakLine();
        out.push(word, ' ');
        width += word.length + 1;
      }
      if (out[out.length - 1] === ' ') {
        out.pop();
        width--;
      }
      continue;
    }
    if (width + group.length > maxWidth && i > 0) {
      breakLine();
    } else if (i > 0) {
      out.push(' ');
      width++;
    }
    out.push(group);
    width += group.length;
  }
  return out.join('');
}

// In a PGN text: a tag's quoted value, a rest-of-line comment, or a
// brace comment (its text captured).
const PGN_COMMENT = /("(?:[^"\\\n]|\\.)*")|(;[^\n]*)|\{([^}]*)\}/g;
// The tag pairs at the start of a PGN text, with the rest-of-line
// comments and escape lines between them (those before movetext are not).
const PGN_TAGS = /^(?:\s*(?:\[(?:[^\]"\n]|"(?:[^"\\\n]|\\.)*")*\]|;[^\n]*(?=\s*\[)|%[^\n]*))*/;

/**
 * Reads a PGN text for `loadPgn`, keeping each comment's text as chess.js
 * does: a brace comment's with the spaces inside its braces (the
 * library's reader takes one off each end, the spaces its writer puts
 * there: each comment gets one more), a rest-of-line (`;`) comment's
 * trimmed (the library's reader skips these: each becomes a brace
 * comment). An error is the text's own, at its own line and column.
 */
function readChessJsPgn(text) {
  const tagsEnd = PGN_TAGS.exec(text)[0].length;
  const padded = text.replace(PGN_COMMENT, (all, quoted, rest, comment, at) => {
    if (comment !== undefined) return `{ ${comment} }`;
    // A rest-of-line comment after the tags, trimmed as chess.js reads
    // it, unless a brace comment cannot hold it.
    if (rest !== undefined && at >= tagsEnd && !rest.includes('}')) return `{ ${rest.slice(1).trim()} }`;
    return all;
  });
  try {
    return readPgn(padded);
  } catch (err) {
    readPgn(text);
    throw err;
  }
}

/**
 * A PGN text as chess.js's strict reader takes it: a SetUp "1" tag needs
 * a FEN tag, and a FEN tag without it is not read (nor a `fen` one).
 */
function strictPgnText(text) {
  const tags = text.slice(0, PGN_TAGS.exec(text)[0].length);
  const setUp = /\[\s*SetUp\s+"1"\s*\]/.test(tags);
  const fen = /\[\s*FEN\s+"/.test(tags);
  if (setUp && !fen) throw new Error('Invalid PGN: FEN tag must be supplied with SetUp tag');
  return fen && !setUp ? text.replace(/\[\s*FEN\s+"(?:[^"\\\n]|\\.)*"\s*\]/, '') : text;
}

/**
 * Checks that each mainline move of `tree` is written in `text` in its
 * own SAN, as chess.js's strict reader wants (no long algebraic, no
 * over-disambiguation, `O-O` not `0-0`; check marks and annotations
 * aside).
 */
function strictMoves(text, tree) {
  const movetext = withoutSideLines(text.slice(PGN_TAGS.exec(text)[0].length).replace(/\{[^}]*\}|;[^\n]*|^%[^\n]*/gm, ' '));
  const written = movetext
    .replace(/\$\d+/g, ' ')
    .split(/\s+/)
    .map((token) => token.replace(/^\d+\.+/, '').replace(/^\.+/, ''))
    .filter((token) => token !== '' && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(token));
  tree.moves.forEach((node, i) => {
    if (bareSan(written[i] ?? '') !== bareSan(node.san)) throw new Error(`Invalid move in PGN: ${shortText(written[i])}`);
  });
}

/** `movetext` without its side lines, nested to any depth: one pass. */
function withoutSideLines(movetext) {
  let out = '';
  let depth = 0;
  let start = 0;
  for (let i = 0; i < movetext.length; i++) {
    const c = movetext.charCodeAt(i);
    if (c === 40) {
      if (depth++ === 0) out += `${movetext.slice(start, i)} `;
    } else if (c === 41 && depth > 0 && --depth === 0) {
      start = i + 1;
    }
  }
  return depth === 0 ? out + movetext.slice(start) : out;
}

/** A short piece of a value for an error message: an object as JSON, at most 60 characters. */
function shortText(value) {
  let shown;
  try {
    shown = typeof value === 'object' && value !== null ? String(JSON.stringify(value)) : String(value);
  } catch {
    shown = Object.prototype.toString.call(value);
  }
  return shown.length > 60 ? `${shown.slice(0, 60)}…` : shown;
}

/** A SAN without what chess.js's strict parser ignores: `=`, and a check mark and annotation at the end. */
function bareSan(san) {
  return san.replace(/=/, '').replace(/[+#]?[?!]*$/, '');
}

function piece(c) {
  const lower = c.toLowerCase();
  return { type: lower, color: c === lower ? BLACK : WHITE };
}

/**
 * Reads the first game of a PGN text into a tree: `{ headers, fen,
 * chess960, comments, result, moves }`, each move `{ san, uci, bits, fen,
 * nags, comments, startingComments, variations }` (`fen` is the position
 * after the move, `variations` the side lines replacing it).
 */
export function readPgn(text) {
  const len = full('pgn_tree_read', 'Reading PGN (loadPgn, readPgn)')(send(text));
  if (len < 0) recv(len);
  // The module's tokens (js/wasm/src/tree.rs): a kind byte, a length
  // (u32, little-endian) and a body, copied out before reading them.
  const bytes = heap().slice(w.io_ptr(), w.io_ptr() + len);
  const tree = { headers: {}, fen: '', chess960: false, comments: [], result: '*', moves: [] };
  const lines = [tree.moves];
  let line = tree.moves;
  let node = null;
  let name = '';
  let starting = [];
  for (let i = 0; i < len;) {
    const kind = String.fromCharCode(bytes[i]);
    const end = i + 5 + (bytes[i + 1] | (bytes[i + 2] << 8) | (bytes[i + 3] << 16) | (bytes[i + 4] << 24));
    const body = bytes.subarray(i + 5, end);
    const str = () => decoder.decode(body);
    i = end;
    switch (kind) {
      case 'T': name = str(); break;
      case 'V': tree.headers[name] = str(); break;
      case 'F': tree.fen = str(); break;
      case '9': tree.chess960 = true; break;
      case 'G': tree.comments.push(str()); break;
      case 'R': tree.result = str(); break;
      case 'S': starting.push(str()); break;
      case 'M':
        node = { san: str(), uci: '', bits: 0, fen: '', nags: [], comments: [], startingComments: starting, variations: [] };
        starting = [];
        line.push(node);
        break;
      case 'U': node.uci = str(); break;
      case 'B': node.bits = body[0] | (body[1] << 8); break;
      case 'P': node.fen = str(); break;
      case 'N': node.nags.push(body[0]); break;
      case 'C': node.comments.push(str()); break;
      case '(':
        line = [];
        node.variations.push(line);
        lines.push(line);
        break;
      case ')':
        lines.pop();
        line = lines[lines.length - 1];
        node = line[line.length - 1];
        break;
    }
  }
  return tree;
}

/**
 * Writes a tree (as `readPgn` gives, possibly edited) as PGN with the
 * library's writer. A move is read from its `uci`, else its `san` (or a
 * chess.js-style `move`) in the position where it stands; `fen` and `bits`
 * are ignored.
 */
export function writePgn(tree) {
  const write = full('pgn_tree_write', 'writePgn');
  // Tokens as readPgn reads them: a kind, a length and a UTF-8 body.
  const parts = [];
  let size = 0;
  const token = (kind, text = '') => {
    const body = encoder.encode(String(text));
    const head = [kind.charCodeAt(0), body.length & 255, (body.length >> 8) & 255, (body.length >> 16) & 255, body.length >>> 24];
    parts.push(head, body);
    size += 5 + body.length;
  };
  for (const [name, value] of Object.entries(tree.headers ?? {})) {
    if (name !== 'FEN' && name !== 'SetUp' && name !== 'Variant') {
      token('T', name);
      token('V', value);
    }
  }
  const fen = tree.fen ?? tree.headers?.FEN;
  const chess960 = tree.chess960 ?? tree.headers?.Variant?.toLowerCase().includes('960');
  if (fen) {
    if (chess960) token('9');
    token('F', String(fen).trim());
  }
  for (const c of tree.comments ?? []) token('G', c);
  if (tree.result) token('R', tree.result);
  // Depth-first with a stack, so that deep side lines cannot overflow.
  const stack = [{ line: tree.moves ?? [], i: 0, v: -1 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.i >= top.line.length) {
      stack.pop();
      if (stack.length > 0) token(')');
      continue;
    }
    const node = top.line[top.i];
    if (top.v < 0) {
      for (const c of node.startingComments ?? []) token('S', c);
      token('M', node.uci ?? node.san ?? node.move);
      for (const n of node.nags ?? []) token('N', n);
      for (const c of node.comments ?? []) token('C', c);
      top.v = 0;
    } else if (top.v < (node.variations ?? []).length) {
      // A side line belongs to the move before this one is played: it is
      // written after this node, from the same position.
      const line = node.variations[top.v++];
      token('(');
      stack.push({ line, i: 0, v: -1 });
    } else {
      top.i++;
      top.v = -1;
    }
  }
  const ptr = w.io_reserve(size);
  const bytes = heap();
  let at = ptr;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return recv(write(size));
}
