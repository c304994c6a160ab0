import { CHATBOT_DEFAULTS } from "@storefront/domain";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";

const ChatPanel = lazy(() => import("./chat-panel"));

/** What the launcher shows of the store's config before (or without) it loads. */
interface LauncherLook {
  triggerButtonImage?: string | undefined;
  headerBackgroundColor: string;
  headerTextColor: string;
  chatbotHeaderText: string;
}

/** When the browser has nothing else to do (or after 3 s where it cannot say). */
function whenIdle(run: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(run, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 3_000);
  return () => clearTimeout(id);
}

/**
 * The support chat's button, at the bottom corner of every page (fixed: it never moves the page),
 * and its panel from the first time it opens. The panel's code and the store's config load
 * when the browser is idle, or at the first press.
 */
export default function ChatLauncher() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [ready, setReady] = useState(false);
  const [look, setLook] = useState<LauncherLook>(CHATBOT_DEFAULTS);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  // Another page (a link of an answer, the checkout) closes the panel; the conversation stays.
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current !== pathname) setOpen(false);
    shownAt.current = pathname;
  }, [pathname]);

  useEffect(() => {
    setReady(true);
    return whenIdle(() => {
      void import("./chat-panel");
      void import("./chat-api").then(({ chatbotConfig }) => chatbotConfig().then(setLook));
    });
  }, []);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    <div className="chat" data-lazy="" data-ready={ready ? "" : undefined}>
      {opened ? (
        <Suspense fallback={null}>
          <ChatPanel id={panelId} open={open} onClose={close} />
        </Suspense>
      ) : null}
      <button
        ref={trigger}
        type="button"
        className="chat-trigger"
        aria-expanded={open}
        aria-controls={opened ? panelId : undefined}
        aria-label={open ? "Close the chat" : `Chat with us: ${look.chatbotHeaderText}`}
        style={{ background: look.headerBackgroundColor, color: look.headerTextColor }}
        onClick={() => {
          setOpened(true);
          setOpen(!open);
        }}
      >
        {look.triggerButtonImage ? (
          <img src={look.triggerButtonImage} alt="" width={56} height={56} />
        ) : (
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path
              d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4v-4H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
            <circle cx="8" cy="10.5" r="1.3" fill="currentColor" />
            <circle cx="12" cy="10.5" r="1.3" fill="currentColor" />
            <circle cx="16" cy="10.5" r="1.3" fill="currentColor" />
          </svg>
        )}
      </button>
    </div>
  );
}
