import { describe, expect, it } from "vitest";
import { getYearStyle } from "./seasonality-chart.tsx";

describe("getYearStyle", () => {
  it("gives the newest year the solid line and every year its own look, up to 60 years", () => {
    for (const count of [1, 2, 4, 7, 12, 60]) {
      const styles = Array.from({ length: count }, (_, index) => getYearStyle(index, count));
      expect(styles.at(-1)?.dash, `${count} years`).toBeUndefined();
      const looks = new Set(styles.map((style) => `${style.color}|${style.dash}|${style.marker}`));
      expect(looks.size, `${count} years`).toBe(count);
    }
  });
});
