import "uplot/dist/uPlot.min.css";
import { type CurrencySales, formatMoney } from "@storefront/domain";
import { useEffect, useId, useRef, useState } from "react";
import type uPlot from "uplot";

const REVENUE_COLOUR = "#0969da";
const ORDERS_COLOUR = "#9a6700";

/** "Nov 3" from "2026-11-03", in UTC like every admin date. */
function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/**
 * Revenue (bars, left axis) and orders (line, right axis) per day in one currency, drawn by uPlot
 * on a canvas once the page runs in a browser. The canvas is hidden from screen readers: the same
 * figures are a table below it, visually hidden until the admin asks to see it.
 */
export function SalesChart({ sales }: { sales: CurrencySales }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const [showTable, setShowTable] = useState(false);
  const money = (minor: number) => formatMoney(minor, sales.currency);
  const daysText = JSON.stringify(sales.days);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const days = JSON.parse(daysText) as CurrencySales["days"];
    const currency = sales.currency;
    const money = (minor: number) => formatMoney(minor, currency);
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      const width = () => Math.max(280, element.clientWidth);
      chart = new UPlot(
        {
          width: width(),
          height: 260,
          // The days are UTC days, as every admin date: drawn and labelled in UTC.
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1e3), "Etc/UTC"),
          scales: {
            // Half a day either side, so the first and last days' bars are whole.
            x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
            revenue: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
            orders: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
          },
          axes: [
            { stroke: "#57606a", grid: { stroke: "#eaeef2" } },
            {
              scale: "revenue",
              stroke: "#57606a",
              grid: { stroke: "#eaeef2" },
              size: 70,
              values: (_u, ticks) => ticks.map((t) => money(Math.round(t))),
            },
            {
              scale: "orders",
              side: 1,
              stroke: "#57606a",
              grid: { show: false },
              values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : "")),
            },
          ],
          series: [
            {},
            {
              label: `Revenue (${currency.toUpperCase()})`,
              scale: "revenue",
              stroke: REVENUE_COLOUR,
              fill: "rgba(9, 105, 218, 0.25)",
              paths: UPlot.paths.bars?.({ size: [0.7, 40] }),
              value: (_u, v) => (v == null ? "" : money(v)),
            },
            {
              label: "Orders",
              scale: "orders",
              stroke: ORDERS_COLOUR,
              width: 2,
              value: (_u, v) => (v == null ? "" : String(v)),
            },
          ],
        },
        [
          days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000),
          days.map((d) => d.revenue),
          days.map((d) => d.orders),
        ],
        element,
      );
      observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: 260 }));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [daysText, sales.currency]);

  return (
    <figure className="admin-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>
        Revenue and orders per day, {sales.currency.toUpperCase()}
      </figcaption>
      <div ref={box} className="admin-chart-canvas" aria-hidden="true" />
      <button
        type="button"
        className="admin-button"
        aria-expanded={showTable}
        onClick={() => setShowTable(!showTable)}
      >
        {showTable ? "Hide the table" : "Show as a table"}
      </button>
      <div className={showTable ? "admin-chart-table" : "visually-hidden"}>
        <table className="admin-table">
          <caption>Revenue and orders per day, {sales.currency.toUpperCase()}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="admin-num">
                Orders
              </th>
              <th scope="col" className="admin-num">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {sales.days.map((d) => (
              <tr key={d.day}>
                <th scope="row">
                  <time dateTime={d.day}>{shortDay(d.day)}</time>
                </th>
                <td className="admin-num">{d.orders}</td>
                <td className="admin-num">{money(d.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
