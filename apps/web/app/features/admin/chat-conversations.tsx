import type { ChatReport } from "@storefront/domain";
import { Link } from "react-router";
import { formatDateTime } from "./format";
import { countOf, ListFilters, ListScreen, ListTable } from "./list-screen";

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
    <ListScreen
      title="Chat conversations"
      top={
        <>
          <ListFilters label="Period" submitLabel="Show">
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
          </ListFilters>
          <section className="admin-card" aria-labelledby="chat-questions">
            <h2 id="chat-questions">Questions passed on to you ({report.questions.length})</h2>
            {report.questions.length === 0 ? (
              <p>None in the last {report.days} days.</p>
            ) : (
              <ListTable
                head={
                  <>
                    <th scope="col">Asked</th>
                    <th scope="col">From</th>
                    <th scope="col">Question</th>
                  </>
                }
              >
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
              </ListTable>
            )}
          </section>
        </>
      }
      count={
        report.conversations.length === 0
          ? `No conversations in the last ${report.days} days.`
          : `${countOf(report.conversations.length, "conversation", "conversations")} in the last ${report.days} days, newest first`
      }
      stack
    >
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
    </ListScreen>
  );
}
