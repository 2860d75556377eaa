import Foundation
import HealthStore
import SQLiteStore
import Testing
@testable import HealthCLI

/// `healthd webhook add|list|remove` as a person runs it: the secret on standard output
/// once, never in a listing, the subscription stored for the server to read.
@Suite struct WebhookCommandTests {
    final class Output: @unchecked Sendable {
        // Written and read on the test's own thread only (the command runs synchronously).
        var out: [String] = []
        var err: [String] = []
    }

    static func run(_ arguments: [String], db: String, _ output: Output, nowMs: Int64 = 1_775_800_000_000) -> Int32 {
        WebhookCommand.run(arguments + ["--db", db], environment: [:], nowMs: nowMs,
                           out: { output.out.append($0) }, err: { output.err.append($0) })
    }

    @Test func addShowsTheSecretOnceAndListNeverDoes() throws {
        let directory = NSTemporaryDirectory() + "healthd-webhook-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let db = directory + "/health.sqlite"
        StoreOpener.makeDirectories(directory)

        let added = Output()
        #expect(Self.run(["add", "https://hooks.example.org/health", "--events", "night.settled,day.settled,intent.dead"], db: db, added) == 0)
        let secret = try #require(added.out.first)
        #expect(added.out.count == 1 && secret.hasPrefix("whsec_"))
        let note = added.err.joined()
        #expect(note.contains("day.settled,intent.dead,night.settled") && note.contains("shown only this once") && !note.contains(secret))

        let values = Output()
        #expect(Self.run(["add", "http://127.0.0.1:8090/hook", "--include", "values"], db: db, values, nowMs: 1_775_800_000_001) == 0)
        #expect(values.out.first != secret)

        let listed = Output()
        #expect(Self.run(["list"], db: db, listed) == 0)
        #expect(listed.out.count == 2)
        #expect(listed.out[0].contains("https://hooks.example.org/health") && listed.out[0].contains("day.settled,intent.dead,night.settled"))
        #expect(listed.out[1].contains("all events") && listed.out[1].contains("\tvalues\t"))
        #expect(!(listed.out + listed.err).joined().contains(secret) && !(listed.out + listed.err).joined().contains("whsec_"))

        // The server signs with the stored secret.
        let pool = try DatabasePool(path: db)
        let stored = try pool.readSync { db in try db.query("SELECT secret FROM webhooks", []) { $0.text(0) } }
        pool.close()
        #expect(stored.contains(secret))

        let id = try #require(listed.out[0].split(separator: "\t").first.map(String.init))
        let removed = Output()
        #expect(Self.run(["remove", id], db: db, removed) == 0)
        #expect(removed.out == ["removed webhook \(id)"])
        let after = Output()
        #expect(Self.run(["list"], db: db, after) == 0)
        #expect(after.out.count == 1 && !after.out[0].contains(id))
        let again = Output()
        #expect(Self.run(["remove", id], db: db, again) == 1)
        #expect(again.err.joined().contains("no webhook has the id"))
    }

    @Test func wrongArgumentsAreRefusedAndStoreNothing() throws {
        let directory = NSTemporaryDirectory() + "healthd-webhook-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        StoreOpener.makeDirectories(directory)
        let db = directory + "/health.sqlite"
        let cases: [([String], Int32, String)] = [
            (["add"], 2, "needs the receiver's URL"),
            (["add", "https://x.example/h", "--events", "day.setled"], 2, "unknown event type 'day.setled'"),
            (["add", "https://x.example/h", "--include", "everything"], 2, "--include takes 'values'"),
            (["list", "--events", "day.changed"], 2, "takes only --db"),
            (["remove"], 2, "needs the webhook's ID"),
            (["rename", "x"], 2, "unknown action"),
            (["add", "ftp://x.example/h"], 1, "is not a webhook URL"),
        ]
        for (arguments, expected, message) in cases {
            let output = Output()
            #expect(Self.run(arguments, db: db, output) == expected, "\(arguments)")
            #expect(output.out.isEmpty, "\(arguments) prints no secret")
            #expect(output.err.joined().contains(message), "\(arguments): \(output.err)")
        }
        let listed = Output()
        #expect(Self.run(["list"], db: db, listed) == 0)
        #expect(listed.out == ["no webhooks"])
        let help = Output()
        #expect(WebhookCommand.run(["--help"], environment: [:], out: { help.out.append($0) }, err: { help.err.append($0) }) == 0)
        #expect(help.out.joined().contains("healthd webhook add URL"))
    }
}
