import { describe, expect, it } from "vitest";
import { dayFigures, dayPosition, formatDelta, labelIndexes, nearestIndex, niceMax, pointsAttribute, seriesPoints } from "./chart-geometry";

describe("niceMax", () => {
  it("rounds up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(18)).toBe(20);
    expect(niceMax(21)).toBe(25);
    expect(niceMax(240)).toBe(250);
    expect(niceMax(260)).toBe(500);
  });
});

describe("seriesPoints", () => {
  it("spreads days over the width and puts values between bottom and top", () => {
    expect(seriesPoints([0, 5, 10], 10, { width: 100, height: 50 })).toEqual([
      { x: 0, y: 50 },
      { x: 50, y: 25 },
      { x: 100, y: 0 },
    ]);
  });

  it("centres a single day and never draws below the axis", () => {
    expect(seriesPoints([-3], 10, { width: 100, height: 50 })).toEqual([{ x: 50, y: 50 }]);
    expect(pointsAttribute([{ x: 1.234, y: 5.678 }])).toBe("1.2,5.7");
  });
});

describe("labelIndexes", () => {
  it("labels every day of a short period", () => {
    expect(labelIndexes(7, 8)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("labels about the wanted number of days of a long period, first and last included", () => {
    const indexes = labelIndexes(90, 6);
    expect(indexes[0]).toBe(0);
    expect(indexes[indexes.length - 1]).toBe(89);
    expect(indexes.length).toBeLessThanOrEqual(7);
    expect(labelIndexes(30, 6)).toEqual([0, 6, 12, 18, 24, 29]);
  });
});

describe("formatDelta", () => {
  it("says how a period compares with the one before", () => {
    expect(formatDelta({ change: 2, percent: 20 })).toEqual({ text: "+20%", direction: "up" });
    expect(formatDelta({ change: -3, percent: -30 })).toEqual({ text: "−30%", direction: "down" });
    expect(formatDelta({ change: 0, percent: 0 })).toEqual({ text: "±0%", direction: "flat" });
    expect(formatDelta({ change: 0, percent: null })).toEqual({ text: "±0%", direction: "flat" });
    expect(formatDelta({ change: 4, percent: null })).toEqual({ text: "+4 (none before)", direction: "up" });
    expect(formatDelta({ change: 1, percent: 33.333 })).toEqual({ text: "+33%", direction: "up" });
  });
});

describe("the tooltip's day", () => {
  it("finds the nearest day under the pointer, at the edges and beyond them", () => {
    expect(nearestIndex(0, 30)).toBe(0);
    expect(nearestIndex(1, 30)).toBe(29);
    expect(nearestIndex(0.5, 3)).toBe(1);
    expect(nearestIndex(0.24, 3)).toBe(0);
    expect(nearestIndex(0.26, 3)).toBe(1);
    expect(nearestIndex(-0.2, 7)).toBe(0);
    expect(nearestIndex(1.4, 7)).toBe(6);
    expect(nearestIndex(Number.NaN, 7)).toBe(0);
    expect(nearestIndex(0.9, 1)).toBe(0);
  });

  it("places a day where its points are drawn", () => {
    const points = seriesPoints([1, 2, 3, 4, 5], 5, { width: 600, height: 160 });
    points.forEach((point, index) => expect(dayPosition(index, 5)).toBeCloseTo((point.x / 600) * 100));
    expect(dayPosition(0, 1)).toBe(50);
  });

  it("gives the day's figure of every series, in their order", () => {
    const series = [
      { key: "sent", label: "Sent", values: [4, 5] },
      { key: "replies", label: "Replies", values: [0, 2] },
    ];
    expect(dayFigures(series, 1)).toEqual([
      { key: "sent", label: "Sent", value: 5 },
      { key: "replies", label: "Replies", value: 2 },
    ]);
  });
});
