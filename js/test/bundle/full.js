// A page's script as an application writes it, importing the package by name.
import { Chess, readPgn } from 'chess-movegen';
import { scenario } from './scenario.js';

document.getElementById('out').textContent = JSON.stringify(scenario(Chess, readPgn));
