import {
  CHAT_LIMITS,
  type ChatbotConfig,
  type ChatMessage,
  clearedConversation,
  DEFAULT_CHATBOT_CONFIG,
  withMessages,
} from "@storefront/domain";
import { type CSSProperties, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ProductCard } from "~/features/catalog";
import { useQuickView } from "~/features/quick-view";
import * as api from "~/lib/api";
import { chatbotConfig } from "./chat-api";

/** Who said a message, as a screen reader reads it before the text. */
const said = (m: ChatMessage) => (m.role === "user" ? "You" : "Support");

/**
 * The support chat: the store's header and logo, the conversation, the store's quick actions
 * and a field. A dialog that leaves the page usable (not modal): Escape or Close returns the
 * focus to the button that opened it; each answer is announced (a polite live region).
 */
export default function ChatPanel({
  id,
  open,
  onClose,
}: {
  id: string;
  open: boolean;
  onClose(): void;
}) {
  const [config, setConfig] = useState<ChatbotConfig>(DEFAULT_CHATBOT_CONFIG);
  const [messages, setMessages] = useState<ChatMessage[]>(() => clearedConversation(new Date()));
  const [draft, setDraft] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const titleId = useId();
  const inputId = useId();
  const openQuickShop = useQuickView((s) => s.open);

  useEffect(() => {
    void chatbotConfig().then(setConfig);
    api.chat.conversation().then(
      (c) => setMessages(c.messages),
      (e: Error) => setError(e.message),
    );
  }, []);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  // The newest message in view (the list scrolls; the page does not).
  const count = messages.length;
  useEffect(() => {
    if (count > 0 && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [count]);

  async function send(text: string, messageId?: string) {
    if (pending) return;
    const mine: ChatMessage = messageId
      ? {
          role: "user",
          type: "QUICK_RESPONSE_MESSAGE",
          message: text,
          messageId,
          timestamp: new Date().toISOString(),
        }
      : {
          role: "user",
          type: "GENERAL_INFORMATION",
          message: text,
          timestamp: new Date().toISOString(),
        };
    const before = messages;
    setMessages(withMessages(before, [mine]));
    setPending(true);
    setError(null);
    try {
      const { messages: added } = await api.chat.send({
        message: text,
        ...(messageId ? { messageId } : {}),
      });
      setMessages(withMessages(before, added));
      setAnnouncement(
        added
          .filter((m) => m.role === "bot")
          .map((m) => m.message)
          .join(" "),
      );
    } catch (e) {
      setMessages(before);
      if (!messageId) setDraft(text);
      setError((e as Error).message);
    } finally {
      setPending(false);
      input.current?.focus();
    }
  }

  async function restart() {
    setError(null);
    try {
      setMessages((await api.chat.startOver()).messages);
      setAnnouncement("The conversation started over.");
    } catch (e) {
      setError((e as Error).message);
    }
    input.current?.focus();
  }

  const botStyle: CSSProperties = {
    background: config.botMessageColor,
    color: config.botTextColor,
  };
  const userStyle: CSSProperties = {
    background: config.userMessageColor,
    color: config.userTextColor,
  };
  const controlStyle: CSSProperties = { borderColor: config.inputControlsColor };
  return (
    <section
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className="chat-panel"
      hidden={!open}
      style={{ background: config.backgroundColor }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {/* A div, not a header: inside the dialog a header would be a second page banner. */}
      <div
        className="chat-header"
        style={{ background: config.headerBackgroundColor, color: config.headerTextColor }}
      >
        {config.chatbotLogo ? (
          <img src={config.chatbotLogo} alt="" width={32} height={32} className="chat-logo" />
        ) : null}
        <h2 id={titleId} className="chat-title">
          {config.chatbotHeaderText}
        </h2>
        <button type="button" className="chat-header-button" onClick={() => void restart()}>
          Start over
        </button>
        <button
          type="button"
          className="chat-header-button"
          aria-label="Close the chat"
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <ol ref={list} className="chat-messages" aria-label="Conversation">
        {messages.map((m, index) => (
          <li
            // The conversation only grows, or starts over whole: a position is a message.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            className={`chat-message chat-message-${m.role}`}
            style={m.role === "user" ? userStyle : botStyle}
          >
            <span className="visually-hidden">{said(m)}: </span>
            <span className="chat-text">{m.message}</span>
            {m.type === "GENERAL_INFORMATION" && m.link ? (
              <Link className="chat-link" to={m.link.url} style={{ color: config.botTextColor }}>
                {m.link.title}
              </Link>
            ) : null}
            {m.type === "PRODUCT_RECOMMENDATION" && m.products.length > 0 ? (
              <ul className="chat-products">
                {m.products.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} headingLevel={3} onQuickShop={openQuickShop} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
        {pending ? (
          <li className="chat-message chat-message-bot chat-typing" style={botStyle}>
            <span className="visually-hidden">Support is typing</span>
            <span aria-hidden="true">…</span>
          </li>
        ) : null}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {error ? (
        <p className="chat-error" role="alert">
          {error}
        </p>
      ) : null}
      {config.quickActionMessages.length > 0 ? (
        <fieldset className="chat-quick">
          <legend className="visually-hidden">Quick questions</legend>
          {config.quickActionMessages.map((action) => (
            <button
              key={action.id}
              type="button"
              className="chat-quick-button"
              style={controlStyle}
              disabled={pending}
              onClick={() => void send(action.message, action.id)}
            >
              {action.label}
            </button>
          ))}
        </fieldset>
      ) : null}
      <form
        className="chat-form"
        onSubmit={(event) => {
          event.preventDefault();
          const text = draft.trim();
          if (text === "" || pending) return;
          setDraft("");
          void send(text);
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Your message
        </label>
        <input
          ref={input}
          id={inputId}
          className="chat-input"
          value={draft}
          maxLength={CHAT_LIMITS.message}
          autoComplete="off"
          placeholder="Type your message…"
          style={controlStyle}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button
          type="submit"
          className="chat-send"
          style={{
            background: config.inputControlsColor,
            borderColor: config.inputControlsColor,
            color: config.backgroundColor,
          }}
          disabled={pending || draft.trim() === ""}
        >
          Send
        </button>
      </form>
    </section>
  );
}
