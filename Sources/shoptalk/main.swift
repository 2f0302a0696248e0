import Foundation
import ShopTalkCLI

exit(ShopTalkCLI.main(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment, endingTheProcess: true))
