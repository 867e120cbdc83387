import NIOCore

/// What systemd hears of the daemon (`SystemdNotifier`): READY=1 once it
/// serves, RELOADING=1 around a reload, and a STATUS= summary kept current,
/// at most four times a second. Part of `DaemonCore`, on its event loop.
final class SystemdStatus {
    private let notifier: SystemdNotifier
    private let eventLoop: any EventLoop
    /// The summary systemd was last told.
    private var announced = ""
    private var update: Scheduled<Void>?

    init(notifier: SystemdNotifier, eventLoop: any EventLoop) {
        self.notifier = notifier
        self.eventLoop = eventLoop
    }

    /// READY=1: listening, and the state restored.
    func announceReady(_ summary: String) {
        announced = summary
        notifier.ready(status: announced)
    }

    /// RELOADING=1, before the config is read again.
    func reloading() {
        notifier.reloading()
    }

    /// READY=1 after a reload, whether it changed anything.
    func reloaded(_ summary: String) {
        notifier.ready(status: summary)
    }

    /// Sends STATUS= when the summary changed, at most four times a second;
    /// `summary` is read again when it is sent.
    func scheduleUpdate(_ summary: @escaping () -> String) {
        guard notifier.isActive, update == nil, summary() != announced else { return }
        update = eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(250)) { [self] in
            update = nil
            announced = summary()
            notifier.status(announced)
        }
    }
}
