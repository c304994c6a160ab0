import type { ChatReport } from "@storefront/domain";
import { Form, Link } from "react-router";
import { formatDateTime } from "./format";

const PERIODS = [7, 30, 90, 365] as const;

type Conversation = ChatReport["conversations"][number];

/** A conversation's first question, as its summary line. */
function firstQuestion(conversation: Conversation): string {
  return conversation.messages.find((m) => m.role === "user")?.message ?? "No question asked";
}

/**
 * The chatbot's conversations of the last days, newest first, each opened to read its whole
 * transcript, and the questions it passed on to the store, to answer by email.
 */
export function ChatConversations({ report }: { report: ChatReport }) {
  return (
    <>
      <div className="admin-heading">
        <h1>Chat conversations</h1>
      </div>
      <Form method="get" className="admin-filters" aria-label="Period">
        <div className="admin-field">
          <label htmlFor="chats-days">Period</label>
          <select id="chats-days" name="days" defaultValue={String(report.days)}>
            {PERIODS.map((days) => (
              <option key={days} value={days}>
                Last {days} days
              </option>
            ))}
          </select>
        </div>
        <div className="admin-filter-actions">
          <button type="submit" className="admin-button admin-button-primary">
            Show
          </button>
        </div>
      </Form>
      <section className="admin-card" aria-labelledby="chat-questions">
        <h2 id="chat-questions">Questions passed on to you ({report.questions.length})</h2>
        {report.questions.length === 0 ? (
          <p>None in the last {report.days} days.</p>
        ) : (
          <table className="admin-table admin-rows">
            <thead>
              <tr>
                <th scope="col">Asked</th>
                <th scope="col">From</th>
                <th scope="col">Question</th>
              </tr>
            </thead>
            <tbody>
              {report.questions.map((q) => (
                <tr key={q.id}>
                  <td data-label="Asked">
                    <time dateTime={q.askedAt}>{formatDateTime(q.askedAt)}</time>
                  </td>
                  <td data-label="From">
                    {q.email ? <a href={`mailto:${q.email}`}>{q.email}</a> : "A guest"}
                  </td>
                  <td data-label="Question">
                    {q.question}
                    {q.conversationId ? (
                      <>
                        {" "}
                        <Link to={`#chat-${q.conversationId}`}>Read the conversation</Link>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <p className="admin-count" role="status">
        {report.conversations.length === 0
          ? `No conversations in the last ${report.days} days.`
          : `${report.conversations.length} ${report.conversations.length === 1 ? "conversation" : "conversations"} in the last ${report.days} days, newest first`}
      </p>
      <div className="admin-stack">
        {report.conversations.map((c) => (
          <details key={c.id} id={`chat-${c.id}`} className="admin-card admin-chat">
            <summary>
              <span className="admin-chat-summary">
                <strong>{firstQuestion(c)}</strong>
                <span className="admin-customer-email">
                  {c.email ?? "A guest"} ·{" "}
                  <time dateTime={c.startedAt}>{formatDateTime(c.startedAt)}</time> ·{" "}
                  {c.messages.length} {c.messages.length === 1 ? "message" : "messages"}
                  {c.ended ? " · ended" : ""}
                </span>
              </span>
            </summary>
            <ol className="admin-transcript">
              {c.messages.map((m, i) => (
                // A transcript never reorders: its position is its identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={i} data-role={m.role}>
                  <span className="admin-transcript-who">
                    {m.role === "user" ? "Shopper" : "Bot"}
                  </span>{" "}
                  <time dateTime={m.timestamp}>{formatDateTime(m.timestamp)}</time>
                  <p>{m.message}</p>
                </li>
              ))}
            </ol>
          </details>
        ))}
      </div>
    </>
  );
}
