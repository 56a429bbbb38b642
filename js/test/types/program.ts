// A program written for chess.js's types, compiled against this package's
// (src/index.d.ts): the calls and the type names chess.js users write.
import { Chess, Square, Move, PieceSymbol, Color, Piece, SQUARES, DEFAULT_POSITION, validateFen, WHITE, BLACK, KING } from 'chess-movegen';
import chessDefault from "chess-movegen";

const chess = new Chess(DEFAULT_POSITION);
const all: string[] = chess.moves();
const fromE2: string[] = chess.moves({ square: 'e2' });
const knights: string[] = chess.moves({ piece: 'n' });
const verbose: Move[] = chess.moves({ verbose: true });
const verboseSq: Move[] = chess.moves({ square: 'g1', verbose: true });
const flag = Math.random() < 0.5;
const either: string[] | Move[] = chess.moves({ verbose: flag });
const mv: Move = chess.move({ from: 'e2', to: 'e4' });
const first: Move = chess.move(verbose[0].san);
const prom: Move = chess.move({ from: 'a7', to: 'a8', promotion: 'q' });
const undone: Move | null = chess.undo();
const sq: Square = mv.from;
const p: Piece | undefined = chess.get('e4');
const t: Color = chess.turn();
const hist: string[] = chess.history();
const vh: Move[] = chess.history({ verbose: true });
const b = chess.board();
const firstCell = b[0][0];
if (firstCell) { const s: Square = firstCell.square; const ty: PieceSymbol = firstCell.type; void s; void ty; }
chess.put({ type: KING, color: WHITE }, 'e1');
chess.remove('e1');
const ok: boolean = validateFen(DEFAULT_POSITION).ok;
const att: Square[] = chess.attackers('e4', BLACK);
const hdr: Record<string, string> = chess.getHeaders();
chess.setHeader('White', 'A');
chess.loadPgn(chess.pgn({ maxWidth: 80, newline: '\n' }), { strict: false });
const n: number = chess.perft(2);
const color: 'light' | 'dark' | null = chess.squareColor('e4');
const comments = chess.getComments();
const found: Square[] = chess.findPiece({ type: 'k', color: 'w' });
const cr = chess.getCastlingRights('w');
const isCap: boolean = mv.isCapture() || mv.isBigPawn() || mv.isKingsideCastle();
const squares: Square[] = SQUARES;
const g2 = new chessDefault.Chess();
g2.moves();
void [all.length, fromE2, knights, verboseSq, either, first, prom, undone, sq, p, t, hist, vh, ok, att, hdr, n, color, comments, found, cr, isCap, squares.length, chess.isGameOver(), chess.isDraw(), chess.inCheck(), chess.isCheckmate(), chess.ascii().length, chess.fen(), chess.hash()];

// Beyond chess.js (js/README.md's examples).
import { readPgn, writePgn, PgnTree, PgnNode } from 'chess-movegen';
const g960 = new Chess('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', { chess960: true });
const start: Chess = Chess.chess960(518);
const uci: string = start.toUci('Nf3');
const divide: Record<string, number> = start.perftDivide(2);
const key: string = start.polyglotKey();
const played: Move = start.move('e4');
start.undo();
const again: Move = start.moveBits(played.bits);
const tree: PgnTree = readPgn('1. e4 e5 (1... c5 {Sicilian} 2. Nf3) 2. Nf3 $1 *');
const side: PgnNode[] | undefined = tree.moves[1].variations?.[0];
tree.moves[2].variations?.push([{ san: 'Bc4' }]);
const text: string = writePgn(tree);
void [g960.isChess960(), uci, divide, key, again, side, text, start.free()];

// The core entry has the same declarations.
import { Chess as CoreChess } from 'chess-movegen/core';
const core: Chess = new CoreChess();
void core;
