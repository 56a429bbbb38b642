// Types of chess-movegen's JavaScript API (chess.js's shape, plus
// Chess960, PGN trees, UCI/SAN conversion, Polyglot keys, 16-bit moves and
// perft by first move), for both entries: `chess-movegen` and
// `chess-movegen/core`, whose module has no PGN reading, PGN trees or
// Polyglot keys (those functions throw there, saying so).

export declare const WHITE = 'w';
export declare const BLACK = 'b';
export declare const PAWN = 'p';
export declare const KNIGHT = 'n';
export declare const BISHOP = 'b';
export declare const ROOK = 'r';
export declare const QUEEN = 'q';
export declare const KING = 'k';
export type Color = 'w' | 'b';
export type PieceSymbol = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';
export type Square =
  | 'a8' | 'b8' | 'c8' | 'd8' | 'e8' | 'f8' | 'g8' | 'h8'
  | 'a7' | 'b7' | 'c7' | 'd7' | 'e7' | 'f7' | 'g7' | 'h7'
  | 'a6' | 'b6' | 'c6' | 'd6' | 'e6' | 'f6' | 'g6' | 'h6'
  | 'a5' | 'b5' | 'c5' | 'd5' | 'e5' | 'f5' | 'g5' | 'h5'
  | 'a4' | 'b4' | 'c4' | 'd4' | 'e4' | 'f4' | 'g4' | 'h4'
  | 'a3' | 'b3' | 'c3' | 'd3' | 'e3' | 'f3' | 'g3' | 'h3'
  | 'a2' | 'b2' | 'c2' | 'd2' | 'e2' | 'f2' | 'g2' | 'h2'
  | 'a1' | 'b1' | 'c1' | 'd1' | 'e1' | 'f1' | 'g1' | 'h1';
export declare const DEFAULT_POSITION: string;
export declare const SQUARES: Square[];
export declare const SEVEN_TAG_ROSTER: Record<string, string>;

export type Piece = { color: Color; type: PieceSymbol };

/** A move as chess.js describes it. */
export declare class Move {
  color: Color;
  from: Square;
  /** Where the king lands for castling (also in Chess960). */
  to: Square;
  piece: PieceSymbol;
  captured?: PieceSymbol;
  promotion?: PieceSymbol;
  /** chess.js's flags: n, c, b, e, p, k, q. */
  flags: string;
  /** SAN. */
  san: string;
  /** The move in the game's UCI: e1g1 in standard chess, king takes rook (e1h1) in Chess960. */
  lan: string;
  /** The library's 16-bit move (see `Chess.moveBits`); an accessor, not one of chess.js's fields. */
  readonly bits: number;
  /** FEN before the move. */
  before: string;
  /** FEN after the move. */
  after: string;
  isCapture(): boolean;
  isPromotion(): boolean;
  isEnPassant(): boolean;
  isKingsideCastle(): boolean;
  isQueensideCastle(): boolean;
  isCastle(): boolean;
  isBigPawn(): boolean;
}

export declare function validateFen(fen: string, options?: { chess960?: boolean }): { ok: boolean; error?: string };

export declare class Chess {
  constructor(fen?: string, options?: { skipValidation?: boolean; chess960?: boolean });
  /** Chess960 start position `n` (0–959, 518 is the standard one), in Chess960 mode. */
  static chess960(n: number): Chess;
  /** Frees the game's WebAssembly memory now (otherwise when collected); its methods throw afterwards. */
  free(): void;
  load(fen: string, options?: { skipValidation?: boolean; preserveHeaders?: boolean; chess960?: boolean }): void;
  reset(): void;
  clear(options?: { preserveHeaders?: boolean }): void;
  /** The FEN (the en-passant square only when an en-passant capture is legal; with `forceEnpassantSquare`, also when only a pinned pawn stands ready to take, as chess.js). */
  fen(options?: { forceEnpassantSquare?: boolean }): string;
  isChess960(): boolean;
  turn(): Color;
  moveNumber(): number;
  get(square: Square): Piece | undefined;
  put(piece: { type: PieceSymbol; color: Color }, square: Square): boolean;
  remove(square: Square): Piece | undefined;
  board(): ({ square: Square; type: PieceSymbol; color: Color } | null)[][];
  ascii(): string;
  findPiece(piece: Piece): Square[];
  squareColor(square: Square): 'light' | 'dark' | null;
  attackers(square: Square, attackedBy?: Color): Square[];
  isAttacked(square: Square, attackedBy: Color): boolean;
  /** Passes the move (a null move; throws when in check, as chess.js does); the history starts again. */
  setTurn(color: Color): boolean;
  /** Gives or takes castling rights; true if each one named is now as asked. */
  setCastlingRights(color: Color, rights: Partial<Record<'k' | 'q', boolean>>): boolean;
  getCastlingRights(color: Color): { k: boolean; q: boolean };
  moves(): string[];
  moves(options: { verbose: true; square?: Square | string; piece?: PieceSymbol }): Move[];
  moves(options: { verbose?: false; square?: Square | string; piece?: PieceSymbol }): string[];
  moves(options: { verbose?: boolean; square?: Square | string; piece?: PieceSymbol }): string[] | Move[];
  /** Plays a move in SAN (or long algebraic, or UCI unless strict) or as { from, to, promotion }, or (`null`, `'--'`) passes as chess.js's null move; throws on an illegal move. */
  move(move: string | { from: string; to: string; promotion?: string } | null, options?: { strict?: boolean }): Move;
  /** Plays a 16-bit move (`Move.bits`). */
  moveBits(bits: number): Move;
  undo(): Move | null;
  history(): string[];
  history(options: { verbose: true }): Move[];
  history(options: { verbose?: false }): string[];
  history(options: { verbose?: boolean }): string[] | Move[];
  inCheck(): boolean;
  isCheck(): boolean;
  isCheckmate(): boolean;
  isStalemate(): boolean;
  isInsufficientMaterial(): boolean;
  isThreefoldRepetition(): boolean;
  isDrawByFiftyMoves(): boolean;
  isDraw(): boolean;
  isGameOver(): boolean;
  perft(depth: number): number;
  /** Leaf counts below each legal move, keyed by UCI. */
  perftDivide(depth: number): Record<string, number>;
  /** A move in any notation, as UCI (Chess960 castling as king takes rook). */
  toUci(move: string): string;
  /** A move in any notation, as SAN. */
  toSan(move: string): string;
  /** The position's Polyglot key, 16 hexadecimal digits (not in `chess-movegen/core`). */
  polyglotKey(): string;
  /** The library's Zobrist key, 16 hexadecimal digits (not chess.js's own hash); for a board that is no legal position, a 64-bit hash of its FEN. */
  hash(): string;
  pgn(options?: { newline?: string; maxWidth?: number }): string;
  /** Loads the first game of a PGN text (all or nothing); `strict` as chess.js: each move in its own SAN, a SetUp tag with its FEN tag. Not in `chess-movegen/core`. */
  loadPgn(pgn: string, options?: { strict?: boolean; newlineChar?: string }): void;
  setHeader(key: string, value: string | null): Record<string, string>;
  removeHeader(key: string): boolean;
  getHeaders(): Record<string, string>;
  /** @deprecated as in chess.js: use setHeader and getHeaders. */
  header(...args: string[]): Record<string, string>;
  // chess.js declares these three `string` and answers `undefined` when
  // there is no comment; so do these, so that its programs type-check.
  /** The comment on the position now (`undefined` when none). */
  getComment(): string;
  setComment(comment: string): void;
  /** Removes and answers the comment on the position now (`undefined` when none). */
  removeComment(): string;
  /** @deprecated as in chess.js: use removeComment. */
  deleteComment(): string;
  getComments(): { fen: string; comment: string }[];
  removeComments(): { fen: string; comment: string }[];
  /** @deprecated as in chess.js: use removeComments. */
  deleteComments(): { fen: string; comment: string }[];
}

/** One move of a PGN tree. */
export interface PgnNode {
  /** SAN (read from `uci`, else `san`, else `move` when written). */
  san?: string;
  uci?: string;
  move?: string;
  bits?: number;
  /** FEN after the move (ignored when written). */
  fen?: string;
  nags?: number[];
  comments?: string[];
  /** Comments before the move (the first move of a side line only). */
  startingComments?: string[];
  /** Side lines replacing this move, each from the position before it. */
  variations?: PgnNode[][];
}

/** A PGN game as a tree. */
export interface PgnTree {
  headers: Record<string, string>;
  /** The start position. */
  fen?: string;
  chess960?: boolean;
  /** Comments before the first move. */
  comments?: string[];
  /** 1-0, 0-1, 1/2-1/2 or *. */
  result?: string;
  moves: PgnNode[];
}

/** Reads the first game of a PGN text, with side lines, comments and NAGs (not in `chess-movegen/core`). */
export declare function readPgn(text: string): PgnTree;
/** Writes a tree as PGN (the library's writer); throws on a move that is not legal where it stands (not in `chess-movegen/core`). */
export declare function writePgn(tree: PgnTree): string;

/**
 * The package's exports as one object, for `import chess from
 * 'chess-movegen'` (what chess.js's CommonJS build gives in Node).
 */
declare const api: {
  WHITE: typeof WHITE; BLACK: typeof BLACK;
  PAWN: typeof PAWN; KNIGHT: typeof KNIGHT; BISHOP: typeof BISHOP; ROOK: typeof ROOK; QUEEN: typeof QUEEN; KING: typeof KING;
  DEFAULT_POSITION: typeof DEFAULT_POSITION; SQUARES: typeof SQUARES; SEVEN_TAG_ROSTER: typeof SEVEN_TAG_ROSTER;
  Move: typeof Move; Chess: typeof Chess;
  validateFen: typeof validateFen; readPgn: typeof readPgn; writePgn: typeof writePgn;
};
export default api;
