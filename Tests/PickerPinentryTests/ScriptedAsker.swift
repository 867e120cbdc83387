@testable import PickerPinentry

/// What a pinentry session did: the lines it wrote, the questions it asked, its sentences for stderr.
final class Transcript {
    var output: [UInt8] = []
    var questions: [PinentryQuestion] = []
    var reports: [String] = []
    var answers: [PinentryAnswer] = []

    var lines: [String] {
        String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
    }
}

/// Answers each question with the next of the transcript's answers (cancelled once they run out).
struct ScriptedAsker: PinentryAsker {
    let transcript: Transcript

    mutating func ask(_ question: PinentryQuestion) -> PinentryAnswer {
        transcript.questions.append(question)
        return transcript.answers.isEmpty ? .cancelled : transcript.answers.removeFirst()
    }
}

/// Runs a pinentry session over `input` (all of it, then the end), with `answers` to its questions.
func converse(_ input: String, answers: [PinentryAnswer] = []) -> Transcript {
    converse(bytes: Array(input.utf8), answers: answers)
}

func converse(bytes: [UInt8], answers: [PinentryAnswer] = []) -> Transcript {
    let transcript = Transcript()
    transcript.answers = answers
    var offset = 0
    // A few bytes at a time, so that lines arrive cut as they may through a pipe.
    let reader = AssuanLineReader { buffer in
        let count = min(buffer.count, 7, bytes.count - offset)
        for index in 0..<count { buffer[index] = bytes[offset + index] }
        offset += count
        return count
    }
    var server = PinentryServer(
        input: reader,
        write: {
            transcript.output += $0
            return true
        }, asker: ScriptedAsker(transcript: transcript),
        requester: { _ in
            Requester(client: .init(pid: 4121, name: "gpg"), parents: [.init(pid: 4000, name: "gpg-agent")])
        },
        report: { transcript.reports.append($0) })
    server.run()
    return transcript
}
