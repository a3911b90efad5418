import { describe, expect, it } from "vitest";
import { clampOffset, zoomIn, zoomOut } from "./zoom";

describe("lightbox zoom", () => {
  it("steps 1 → 1.5 → 2.25 → 3.375 → 4 and stays at 4", () => {
    const steps = [1];
    for (let i = 0; i < 5; i++) steps.push(zoomIn(steps.at(-1) as number));
    expect(steps).toEqual([1, 1.5, 2.25, 3.375, 4, 4]);
  });

  it("steps back down by 1.5 and stops at exactly 1", () => {
    const steps = [4];
    for (let i = 0; i < 5; i++) steps.push(zoomOut(steps.at(-1) as number));
    expect(steps.slice(-2)).toEqual([1, 1]);
    expect(steps[1]).toBeCloseTo(4 / 1.5);
    expect(zoomOut(1.5)).toBe(1);
  });

  it("lets a zoomed image move only as far as its enlargement", () => {
    const frame = { width: 400, height: 300 };
    expect(clampOffset({ x: 500, y: -500 }, 2, frame)).toEqual({ x: 200, y: -150 });
    expect(clampOffset({ x: 30, y: 20 }, 1, frame)).toEqual({ x: 0, y: 0 });
  });
});
