import type { StoredTradeApplication } from "@storefront/domain";
import { useId, useState } from "react";
import * as api from "~/lib/api";
import { useSave } from "~/lib/use-save";
import { formatDateTime } from "./format";
import { countOf, ListScreen } from "./list-screen";

const FIELDS: [keyof StoredTradeApplication["application"], string][] = [
  ["contactName", "Contact"],
  ["email", "Email"],
  ["phone", "Phone"],
  ["taxId", "Tax ID"],
  ["website", "Website"],
  ["storeAddress", "Address"],
  ["message", "Message"],
];

/** One application: what the business wrote, and for a pending one, Approve. */
function ApplicationCard({ application }: { application: StoredTradeApplication }) {
  const id = useId();
  const [certificate, setCertificate] = useState("");
  const { busy, run, outcome } = useSave();
  const { application: data } = application;

  function approve() {
    void run(
      () =>
        api.adminTrade.approve(
          certificate.trim() ? { resaleCertificate: certificate.trim() } : {},
          { params: { id: application.id } },
        ),
      `${data.businessName} is approved; ${data.email} was mailed a sign-in link.`,
    );
  }

  return (
    <article className="admin-card" aria-labelledby={`${id}-title`}>
      <header className="admin-review-head">
        <h2 id={`${id}-title`}>{data.businessName}</h2>
        <span
          className="admin-status"
          data-status={application.status === "approved" ? "paid" : "awaiting_payment"}
        >
          {application.status === "approved" ? "Approved" : "Pending"}
        </span>
      </header>
      <p className="admin-review-meta">
        Applied{" "}
        <time dateTime={application.createdAt}>{formatDateTime(application.createdAt)}</time>
        {application.decidedAt ? (
          <>
            , approved{" "}
            <time dateTime={application.decidedAt}>{formatDateTime(application.decidedAt)}</time>
          </>
        ) : null}
      </p>
      <dl className="admin-facts admin-facts-wide">
        {FIELDS.filter(([field]) => data[field]).map(([field, label]) => (
          <div key={field}>
            <dt>{label}</dt>
            <dd>{data[field]}</dd>
          </div>
        ))}
      </dl>
      {application.status === "pending" ? (
        <div className="admin-filters admin-approve">
          <div className="admin-field admin-field-wide">
            <label htmlFor={`${id}-certificate`}>Resale certificate you checked (optional)</label>
            <input
              id={`${id}-certificate`}
              value={certificate}
              maxLength={60}
              onChange={(e) => setCertificate(e.target.value)}
            />
          </div>
          <button
            type="button"
            className="admin-button admin-button-primary"
            disabled={busy}
            onClick={approve}
          >
            Approve {data.businessName}
          </button>
        </div>
      ) : null}
      {outcome}
    </article>
  );
}

/** The store's trade applications, newest first. */
export function TradeApplications({ applications }: { applications: StoredTradeApplication[] }) {
  const pending = applications.filter((a) => a.status === "pending").length;
  return (
    <ListScreen
      title="Trade applications"
      count={
        applications.length === 0
          ? "No applications yet."
          : `${countOf(applications.length, "application", "applications")}, ${pending} pending`
      }
      stack
    >
      {applications.map((application) => (
        <ApplicationCard key={application.id} application={application} />
      ))}
    </ListScreen>
  );
}
