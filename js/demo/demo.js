// The demo page: a board to play on (legal-move hints from the package),
// a PGN viewer with side lines, a perft box. No chess rules here: every
// answer comes from the package.
import { Chess, SQUARES, readPgn } from '../src/index.js';

const GLYPHS = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const NAGS = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };
const $ = (id) => document.getElementById(id);
let game = new Chess();
let selected = null;

function render() {
  const board = $('board');
  board.replaceChildren();
  const hints = selected ? game.moves({ square: selected, verbose: true }).map((m) => m.to) : [];
  const checked = game.inCheck() ? game.findPiece({ type: 'k', color: game.turn() })[0] : null;
  for (const sq of SQUARES) {
    const cell = document.createElement('div');
    const piece = game.get(sq);
    cell.className = `sq ${game.squareColor(sq)}`;
    if (sq === selected) cell.classList.add('selected');
    if (hints.includes(sq)) cell.classList.add('hint');
    if (sq === checked) cell.classList.add('check');
    cell.dataset.square = sq;
    cell.textContent = piece ? GLYPHS[piece.color === 'w' ? piece.type.toUpperCase() : piece.type] : '';
    cell.addEventListener('click', () => click(sq));
    board.append(cell);
  }
  board.dataset.fen = game.fen();
  const side = game.turn() === 'w' ? 'White' : 'Black';
  $('status').textContent = game.isCheckmate() ? `Checkmate: ${side === 'White' ? 'Black' : 'White'} wins`
    : game.isStalemate() ? 'Stalemate' : game.isDraw() ? 'Draw'
    : `${side} to move${game.inCheck() ? ' (check)' : ''}`;
  const history = game.history();
  $('moves').textContent = history.map((san, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san)).join(' ');
}

function click(sq) {
  if (selected) {
    const move = game.moves({ square: selected, verbose: true }).find((m) => m.to === sq);
    if (move) {
      game.move({ from: selected, to: sq, promotion: 'q' });
      selected = null;
      return render();
    }
  }
  const piece = game.get(sq);
  selected = piece && piece.color === game.turn() ? sq : null;
  render();
}

/** Shows a PGN tree; clicking a move shows its position. */
function showTree(tree) {
  const out = $('tree');
  out.replaceChildren();
  const add = (text, cls, fen) => {
    const span = document.createElement('span');
    span.textContent = text;
    if (cls) span.className = cls;
    if (fen) {
      span.dataset.fen = fen;
      span.addEventListener('click', () => {
        for (const s of out.querySelectorAll('.current')) s.classList.remove('current');
        span.classList.add('current');
        game = new Chess(fen, { chess960: tree.chess960 });
        selected = null;
        render();
      });
    }
    out.append(span, ' ');
  };
  for (const c of tree.comments) add(`{${c}}`, 'comment');
  // Depth-first with a stack: each entry is a line, its ply and its node index.
  const stack = [{ line: tree.moves, ply: Number(tree.fen.split(' ')[5]) * 2 - (tree.fen.split(' ')[1] === 'w' ? 2 : 1), i: 0, v: -1, open: false }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    const node = top.line[top.i];
    if (!node) {
      stack.pop();
      if (top.open) add(')', 'var');
      continue;
    }
    const ply = top.ply + top.i;
    if (top.v < 0) {
      for (const c of node.startingComments) add(`{${c}}`, 'comment');
      const number = ply % 2 === 0 ? `${ply / 2 + 1}. ` : top.i === 0 ? `${(ply + 1) / 2}... ` : '';
      add(number + node.san + node.nags.map((n) => NAGS[n] ?? ` $${n}`).join(''), `mv${stack.length > 1 ? ' var' : ''}`, node.fen);
      for (const c of node.comments) add(`{${c}}`, 'comment');
      top.v = 0;
    } else if (top.v < node.variations.length) {
      add('(', 'var');
      stack.push({ line: node.variations[top.v++], ply, i: 0, v: -1, open: true });
    } else {
      top.i++;
      top.v = -1;
    }
  }
  add(tree.result);
}

$('undo').addEventListener('click', () => { game.undo(); selected = null; render(); });
$('reset').addEventListener('click', () => { game = new Chess(); selected = null; render(); });
$('random960').addEventListener('click', () => { game = Chess.chess960(Math.floor(Math.random() * 960)); selected = null; render(); });
$('loadPgn').addEventListener('click', () => {
  try {
    const tree = readPgn($('pgn').value);
    $('pgnError').textContent = '';
    showTree(tree);
    game = new Chess(tree.fen, { chess960: tree.chess960 });
    render();
  } catch (e) {
    $('pgnError').textContent = e.message;
  }
});
$('perft').addEventListener('click', () => {
  const depth = Number($('depth').value);
  const start = performance.now();
  const nodes = game.perft(depth);
  const ms = performance.now() - start;
  $('perftResult').textContent = `${nodes.toLocaleString('en')} nodes in ${ms.toFixed(1)} ms`;
  $('perftResult').dataset.nodes = String(nodes);
});
render();
