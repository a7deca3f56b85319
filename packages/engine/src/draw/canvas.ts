// A Braille-dot canvas: each character cell holds 2x4 dots, which gives square dots in a usual terminal
// cell, so a scaled picture keeps its shape. Characters can be placed over the dots (entities, labels).
import type { Colour, Style } from './text.ts';

interface Cell {
  dots: number;
  colour: Colour | undefined;
  char: string | undefined;
  charColour: Colour | undefined;
  bright: boolean;
}

// Braille bit for dot (dx, dy) in a cell: dx 0..1, dy 0..3.
const BIT = [
  [0x01, 0x08],
  [0x02, 0x10],
  [0x04, 0x20],
  [0x40, 0x80],
];

export class BrailleCanvas {
  private readonly cells: Cell[];
  readonly dotWidth: number;
  readonly dotHeight: number;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.cells = Array.from({ length: width * height }, () => ({
      dots: 0,
      colour: undefined,
      char: undefined,
      charColour: undefined,
      bright: false,
    }));
    this.dotWidth = width * 2;
    this.dotHeight = height * 4;
  }

  dot(x: number, y: number, colour?: Colour): void {
    const dx = Math.floor(x);
    const dy = Math.floor(y);
    if (dx < 0 || dy < 0 || dx >= this.dotWidth || dy >= this.dotHeight) return;
    const cell = this.cells[Math.floor(dy / 4) * this.width + Math.floor(dx / 2)]!;
    cell.dots |= BIT[dy % 4]![dx % 2]!;
    if (colour) cell.colour = colour;
  }

  /** A straight line in dot coordinates; `every` > 1 draws a dotted line. */
  line(x0: number, y0: number, x1: number, y1: number, colour?: Colour, every = 1): void {
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))));
    for (let i = 0; i <= steps; i += every) this.dot(x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps, colour);
  }

  /** Puts a character over a cell, in character coordinates. */
  put(col: number, row: number, char: string, colour?: Colour, bright = false): void {
    if (col < 0 || row < 0 || col >= this.width || row >= this.height) return;
    const cell = this.cells[row * this.width + col]!;
    cell.char = char;
    cell.charColour = colour;
    cell.bright = bright;
  }

  lines(style: Style): string[] {
    const out: string[] = [];
    for (let r = 0; r < this.height; r++) {
      let line = '';
      for (let c = 0; c < this.width; c++) {
        const cell = this.cells[r * this.width + c]!;
        if (cell.char) line += cell.charColour ? style.fg(cell.charColour, cell.char, cell.bright) : cell.char;
        else if (cell.dots) {
          const ch = String.fromCharCode(0x2800 + cell.dots);
          line += cell.colour ? style.fg(cell.colour, ch, true) : ch;
        } else line += ' ';
      }
      out.push(line);
    }
    return out;
  }
}
