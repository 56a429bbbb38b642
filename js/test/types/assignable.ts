// This package's classes where chess.js's types are expected: every
// public member of chess.js's Chess and Move has a compatible one here.
// (`moves` is left out: chess.js's last overload of it declares Move[]
// for a call without `verbose`, which answers strings in both.)
import { Chess as Ref, Move as RefMove } from 'chess.js';
import { Chess } from 'chess-movegen';

type Public<T> = { [K in keyof T]: T[K] };
const asRef: Omit<Public<Ref>, 'moves'> = new Chess();
const move: Public<RefMove> = new Chess().move('e4');
void asRef;
void move;
