import { describe, expect, it } from 'vitest';
import { arrowKeyMove, clampOffset, KEY_STEP } from '../../web/src/components/dialog/dialogMove';

const viewport = { width: 1000, height: 800 };
const opened = { left: 200, top: 100, width: 600, height: 400 };

describe('moving a dialog', () => {
  it('moves as far as asked while the dialog stays inside the viewport', () => {
    expect(clampOffset(opened, { x: 50, y: -30 }, viewport)).toEqual({ x: 50, y: -30 });
  });

  it('stops at each edge of the viewport', () => {
    expect(clampOffset(opened, { x: -500, y: -500 }, viewport)).toEqual({ x: -200, y: -100 });
    expect(clampOffset(opened, { x: 500, y: 500 }, viewport)).toEqual({ x: 200, y: 300 });
  });

  it('lets a dialog taller than the viewport move only so far that it still covers it', () => {
    const tall = { left: 200, top: 0, width: 600, height: 1200 };
    expect(clampOffset(tall, { x: 0, y: 100 }, viewport)).toEqual({ x: 0, y: 0 });
    expect(clampOffset(tall, { x: 0, y: -300 }, viewport)).toEqual({ x: 0, y: -300 });
    expect(clampOffset(tall, { x: 0, y: -900 }, viewport)).toEqual({ x: 0, y: -400 });
  });

  it('moves by a step per arrow key and five steps with Shift, and ignores other keys', () => {
    expect(arrowKeyMove('ArrowLeft', false)).toEqual({ x: -KEY_STEP, y: 0 });
    expect(arrowKeyMove('ArrowDown', true)).toEqual({ x: 0, y: 5 * KEY_STEP });
    expect(arrowKeyMove('Enter', false)).toBeNull();
  });
});
