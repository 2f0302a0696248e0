import Foundation
import PackagePlugin

/// Puts the files of `Grammar/` into the binary as string literals, which
/// the compiler reads in moments (SwiftPM's `.embedInCode` writes byte-array
/// literals, which took minutes and 1.5 GB for a few hundred kilobytes).
/// Every file of every language folder is an input, and so is each folder:
/// editing, adding or removing a file makes the next build write the file
/// again (a file added beside the others changes its folder, not `Grammar/`).
@main
struct EmbedGrammar: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Grammar")
        let manager = FileManager.default
        var files: [URL] = [], folders = [folder]
        for language in try manager.contentsOfDirectory(atPath: folder.path()).sorted() {
            let languageFolder = folder.appending(path: language)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: languageFolder.path(), isDirectory: &isFolder), isFolder.boolValue else { continue }
            folders.append(languageFolder)
            for name in try manager.contentsOfDirectory(atPath: languageFolder.path()).sorted() where !name.hasPrefix(".") {
                files.append(languageFolder.appending(path: name))
            }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "GrammarTexts.swift")
        return [.buildCommand(
            displayName: "Embedding \(files.count) files of Grammar/",
            executable: try context.tool(named: "shoptalk-embed").url,
            arguments: [folder.path(), output.path()] + files.map { $0.path() },
            inputFiles: files + folders,
            outputFiles: [output])]
    }
}
