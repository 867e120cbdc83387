/// Every method of the protocol. The daemon serves exactly these; its "no such
/// method" answer lists their names.
public enum PickerMethods {
    public static let all: [any PickerMethod.Type] = [
        Hello.self, Ping.self, Plugins.self, Present.self, Wait.self, Update.self, Submit.self, Cancel.self,
        Dismiss.self,
        Raise.self, Lower.self, Hide.self, Show.self, SetLevel.self, List.self, Get.self, Subscribe.self,
        Unsubscribe.self,
        History.self, Status.self, Quiet.self, Reload.self,
        Browse.self,
    ]

    public static var names: [String] { all.map { $0.name } }
}
